// The worksheet's players: each div.play holds a puzzle's description (data-play, made by
// Family::play) and becomes a puzzle to fill in or turn on screen. Check judges the pupil's
// answer by the puzzle's rules alone (the page holds no solution) and names the cells that
// clash, in the pupil's own values. Nothing is fetched; print hides the players.
(function () {
  "use strict";

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Black or white text, whichever reads better on a fill ("#rrggbb").
  function ink(fill) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || "");
    if (!m) return "#000";
    var r = parseInt(m[1], 16), g = parseInt(m[2], 16), b = parseInt(m[3], 16);
    return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
  }

  function times(k) {
    return k === 2 ? "twice" : k + " times";
  }

  // A colour or value as the pupil sees it: "c (blue)", or "3".
  function valueName(d, v) {
    var names = d.names || [];
    return names[v] && names[v] !== d.values[v] ? d.values[v] + " (" + names[v] + ")" : d.values[v];
  }

  function swatch(d, v, cls) {
    var s = make("span", cls);
    if (v === null) return s;
    s.textContent = d.values[v];
    if (d.fills && d.fills[v]) {
      s.style.background = d.fills[v];
      s.style.color = ink(d.fills[v]);
    }
    return s;
  }

  // The verdict line: right, wrong (with what is broken) or not finished.
  function say(line, problems, empty) {
    var state, text;
    if (problems.length) {
      state = "wrong";
      text = "Not right yet: " + problems.join("; ") + ".";
      if (empty) text += " (" + empty + (empty === 1 ? " cell is" : " cells are") + " still empty.)";
    } else if (empty) {
      state = "unfinished";
      text = "Not finished: " + empty + (empty === 1 ? " cell is" : " cells are") +
        " still empty. No rule is broken so far.";
    } else {
      state = "right";
      text = "Right! Every rule is kept.";
    }
    line.textContent = text;
    line.setAttribute("data-verdict", state);
  }

  function controls(box, onCheck, onReset) {
    var bar = make("div", "play-controls");
    var check = make("button", "check", "Check");
    var reset = make("button", "reset", "Start again");
    check.type = reset.type = "button";
    check.addEventListener("click", onCheck);
    reset.addEventListener("click", onReset);
    bar.appendChild(check);
    bar.appendChild(reset);
    box.appendChild(bar);
    var line = make("p", "verdict");
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    box.appendChild(line);
    return line;
  }

  // A grid of cells to fill: click a cell, then a value (or type it).
  function grid(box, d) {
    var rows = d.rows, columns = d.columns, n = rows * columns;
    var givens = d.givens || [];
    var values = [], cells = [], selected = null;
    var hasSigns = d.rules.some(function (r) { return r.rule === "less"; });
    var board = make("div", "play-grid");
    var cellTrack = "minmax(1.6em, 3em)", gapTrack = hasSigns ? "1em" : "3px";
    var tracks = [];
    for (var c = 0; c < columns; ++c) tracks.push(c ? gapTrack + " " + cellTrack : cellTrack);
    board.style.gridTemplateColumns = tracks.join(" ");
    var rowTracks = [];
    for (var r = 0; r < rows; ++r) rowTracks.push(r ? gapTrack + " auto" : "auto");
    board.style.gridTemplateRows = rowTracks.join(" ");

    function cellName(i) {
      return "row " + (Math.floor(i / columns) + 1) + ", column " + (i % columns + 1);
    }
    function show(i) {
      var cell = cells[i], v = values[i];
      cell.querySelector(".mark").textContent = v === null ? "" : d.values[v];
      cell.style.background = v !== null && d.fills && d.fills[v] ? d.fills[v] : "";
      cell.style.color = v !== null && d.fills && d.fills[v] ? ink(d.fills[v]) : "";
      cell.setAttribute("aria-label", cellName(i) + ": " + (v === null ? "empty" : valueName(d, v)));
    }
    function clearMarks() {
      cells.forEach(function (cell) { cell.classList.remove("clash"); });
      verdict.textContent = "";
      verdict.removeAttribute("data-verdict");
    }
    function select(i) {
      if (selected !== null) cells[selected].classList.remove("selected");
      selected = i;
      cells[i].classList.add("selected");
      cells[i].focus();
    }
    function put(v) {
      if (selected === null || givens[selected] !== undefined && givens[selected] !== null) return;
      values[selected] = v;
      show(selected);
      clearMarks();
    }

    for (var i = 0; i < n; ++i) {
      var given = givens[i] !== undefined && givens[i] !== null;
      values.push(given ? givens[i] : null);
      var cell = make("button", given ? "cell given" : "cell");
      cell.type = "button";
      cell.setAttribute("data-cell", i);
      if (d.labels) cell.appendChild(make("span", "corner", d.labels[i]));
      cell.appendChild(make("span", "mark"));
      cell.style.gridRow = String(2 * Math.floor(i / columns) + 1);
      cell.style.gridColumn = String(2 * (i % columns) + 1);
      if (given) cell.disabled = true;
      (function (k) {
        cell.addEventListener("click", function () { select(k); });
        cell.addEventListener("keydown", function (e) { key(k, e); });
      })(i);
      cells.push(cell);
      board.appendChild(cell);
      show(i);
    }
    // The signs between neighbours: the open side faces the larger value.
    d.rules.forEach(function (rule) {
      if (rule.rule !== "less") return;
      var a = rule.cells[0], b = rule.cells[1];
      var ra = Math.floor(a / columns), ca = a % columns, rb = Math.floor(b / columns), cb = b % columns;
      var sign = null;
      if (ra === rb && Math.abs(ca - cb) === 1) sign = ca < cb ? "<" : ">";
      if (ca === cb && Math.abs(ra - rb) === 1) sign = ra < rb ? "\u2227" : "\u2228";
      if (!sign) return;
      var s = make("span", "sign", sign);
      s.style.gridRow = String(ra + rb + 1);
      s.style.gridColumn = String(ca + cb + 1);
      board.appendChild(s);
    });
    box.appendChild(board);

    var palette = make("div", "play-values");
    d.values.forEach(function (label, v) {
      var b = swatch(d, v, "value");
      var button = make("button", "value");
      button.type = "button";
      button.setAttribute("data-value", v);
      button.setAttribute("aria-label", valueName(d, v));
      button.appendChild(b);
      button.addEventListener("click", function () { put(v); });
      palette.appendChild(button);
    });
    var clear = make("button", "clear", "Clear");
    clear.type = "button";
    clear.addEventListener("click", function () { put(null); });
    palette.appendChild(clear);
    box.appendChild(palette);

    function key(k, e) {
      var move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[e.key];
      if (move !== undefined) {
        var to = k + move;
        if (to >= 0 && to < n) select(to);
        e.preventDefault();
        return;
      }
      if (selected !== k) select(k);
      if (e.key === "Backspace" || e.key === "Delete") { put(null); e.preventDefault(); return; }
      for (var v = 0; v < d.values.length; ++v)
        if (d.values[v].toLowerCase() === e.key.toLowerCase()) { put(v); e.preventDefault(); return; }
    }

    function check() {
      clearMarks();
      var problems = [], bad = {};
      d.rules.forEach(function (rule) {
        if (rule.rule === "distinct") {
          var seen = {};
          rule.cells.forEach(function (c) {
            if (values[c] === null) return;
            (seen[values[c]] = seen[values[c]] || []).push(c);
          });
          Object.keys(seen).forEach(function (v) {
            if (seen[v].length < 2) return;
            problems.push(valueName(d, Number(v)) + " " + times(seen[v].length) + " " + rule.where);
            seen[v].forEach(function (c) { bad[c] = true; });
          });
        } else if (rule.rule === "less") {
          var a = values[rule.cells[0]], b = values[rule.cells[1]];
          if (a === null || b === null || a < b) return;
          problems.push("the sign between " + cellName(rule.cells[0]) + " and " +
            cellName(rule.cells[1]) + " is not kept");
          bad[rule.cells[0]] = bad[rule.cells[1]] = true;
        } else if (rule.rule === "cage") {
          var got = rule.cells.map(function (c) { return values[c]; });
          if (got.indexOf(null) >= 0) return;
          var x = got.map(function (v) { return Number(d.values[v]); });
          var hi = Math.max.apply(null, x), lo = Math.min.apply(null, x);
          var made = rule.op === "+" ? x.reduce(function (a, b) { return a + b; }, 0)
            : rule.op === "x" ? x.reduce(function (a, b) { return a * b; }, 1)
            : rule.op === "-" ? hi - lo
            : rule.op === "/" ? (hi % lo === 0 ? hi / lo : NaN) : x[0];
          if (made === rule.target) return;
          problems.push("the cage at " + cellName(rule.cells[0]) + " does not make " + rule.target +
            (rule.op ? " by " + {"+": "adding", "x": "multiplying", "-": "subtracting",
                                 "/": "dividing"}[rule.op] : ""));
          rule.cells.forEach(function (c) { bad[c] = true; });
        } else if (rule.rule === "equal-sums") {
          if (values.indexOf(null) >= 0) return;
          var sums = d.values.map(function () { return 0; });
          values.forEach(function (v, c) { sums[v] += rule.weights[c]; });
          if (sums.every(function (s) { return s === sums[0]; })) return;
          problems.push("the totals differ: " + sums.map(function (s, v) {
            return valueName(d, v) + " adds up to " + s;
          }).join(", "));
        }
      });
      Object.keys(bad).forEach(function (c) { cells[c].classList.add("clash"); });
      say(verdict, problems, values.filter(function (v) { return v === null; }).length);
    }
    function reset() {
      for (var i = 0; i < n; ++i) if (!cells[i].disabled) { values[i] = null; show(i); }
      clearMarks();
    }
    var verdict = controls(box, check, reset);
  }

  // Slots of a cube's colours: top, bottom, front, back, left, right (the sheet's order).
  var TOP = 0, BOTTOM = 1, FRONT = 2, BACK = 3, LEFT = 4, RIGHT = 5;
  var SIDES = [FRONT, RIGHT, BACK, LEFT], SIDE_NAMES = ["front", "right", "back", "left"];
  // Quarter turns, each a cycle of four slots: the colour at slot k moves to the next slot.
  var MOVES = {
    turn: [FRONT, LEFT, BACK, RIGHT],   // about the upright axis, the front going left
    tip: [TOP, FRONT, BOTTOM, BACK],    // about the left-right axis, the top coming forward
    roll: [TOP, RIGHT, BOTTOM, LEFT]    // about the front-back axis, the top going right
  };
  var MOVE_HELP = {
    turn: "Turn: spin it a quarter turn on the spot",
    tip: "Tip: tip it over towards you",
    roll: "Roll: roll it onto its right side"
  };

  // Cubes stacked into a tower: turn each until every side shows what the goal asks.
  function tower(box, d) {
    var shown = [], rows = [];
    var list = make("div", "play-tower");
    var head = make("div", "cube-row head");
    head.appendChild(make("span", "cube-name", ""));
    var headSides = make("span", "sides");
    SIDE_NAMES.forEach(function (s) { headSides.appendChild(make("span", "side-name", s)); });
    head.appendChild(headSides);
    var headEnds = make("span", "ends");
    headEnds.appendChild(make("span", "side-name", "top"));
    headEnds.appendChild(make("span", "side-name", "bottom"));
    head.appendChild(headEnds);
    list.appendChild(head);

    function draw(k) {
      var row = rows[k], faces = shown[k];
      var slots = row.querySelectorAll(".face");
      [FRONT, RIGHT, BACK, LEFT, TOP, BOTTOM].forEach(function (slot, j) {
        var s = slots[j], v = faces[slot];
        s.textContent = d.values[v];
        s.style.background = d.fills[v];
        s.style.color = ink(d.fills[v]);
        s.setAttribute("data-colour", v);
        s.setAttribute("aria-label", (j < 4 ? SIDE_NAMES[j] : j === 4 ? "top" : "bottom") +
          ": " + valueName(d, v));
      });
    }
    function clearMarks() {
      list.querySelectorAll(".face").forEach(function (f) { f.classList.remove("clash"); });
      verdict.textContent = "";
      verdict.removeAttribute("data-verdict");
    }
    function move(k, name) {
      var cycle = MOVES[name], before = shown[k].slice();
      for (var j = 0; j < 4; ++j) shown[k][cycle[(j + 1) % 4]] = before[cycle[j]];
      draw(k);
      clearMarks();
    }

    d.cubes.forEach(function (faces, k) {
      shown.push(faces.slice());
      var row = make("div", "cube-row");
      row.setAttribute("data-cube", k);
      row.appendChild(make("span", "cube-name", "Cube " + (k + 1)));
      var sides = make("span", "sides"), ends = make("span", "ends");
      for (var j = 0; j < 4; ++j) {
        var f = make("span", "face");
        f.setAttribute("data-side", SIDE_NAMES[j]);
        sides.appendChild(f);
      }
      ["top", "bottom"].forEach(function (s) {
        var f = make("span", "face end");
        f.setAttribute("data-side", s);
        ends.appendChild(f);
      });
      row.appendChild(sides);
      row.appendChild(ends);
      var buttons = make("span", "moves");
      Object.keys(MOVES).forEach(function (name) {
        var b = make("button", "move", name.charAt(0).toUpperCase() + name.slice(1));
        b.type = "button";
        b.title = MOVE_HELP[name];
        b.setAttribute("data-move", name);
        b.setAttribute("aria-label", MOVE_HELP[name] + " (cube " + (k + 1) + ")");
        b.addEventListener("click", function () { move(k, name); });
        buttons.appendChild(b);
      });
      row.appendChild(buttons);
      rows.push(row);
      list.insertBefore(row, head.nextSibling);  // the top cube first, cube 1 at the bottom
      draw(k);
    });
    box.appendChild(list);

    function mark(k, j) {
      rows[k].querySelectorAll(".sides .face")[j].classList.add("clash");
    }
    function check() {
      clearMarks();
      var problems = [];
      var single = []; // per side: its one colour, or null
      SIDES.forEach(function (slot, j) {
        var seen = {};
        shown.forEach(function (faces, k) { (seen[faces[slot]] = seen[faces[slot]] || []).push(k); });
        var colours = Object.keys(seen);
        single.push(colours.length === 1 ? Number(colours[0]) : null);
        if (d.goal === "all-different") {
          colours.forEach(function (v) {
            if (seen[v].length < 2) return;
            problems.push("the " + SIDE_NAMES[j] + " shows " + valueName(d, Number(v)) + " " +
              times(seen[v].length));
            seen[v].forEach(function (k) { mark(k, j); });
          });
        } else if (colours.length > 1) {
          problems.push("the " + SIDE_NAMES[j] + " shows more than one colour");
          shown.forEach(function (faces, k) { mark(k, j); });
        }
      });
      if (d.goal === "all-equal" && !problems.length) {
        for (var a = 0; a < 4; ++a)
          for (var b = a + 1; b < 4; ++b)
            if (single[a] === single[b]) {
              problems.push("the " + SIDE_NAMES[a] + " and the " + SIDE_NAMES[b] +
                " show the same colour");
              shown.forEach(function (faces, k) { mark(k, a); mark(k, b); });
            }
      }
      say(verdict, problems, 0);
    }
    function reset() {
      d.cubes.forEach(function (faces, k) { shown[k] = faces.slice(); draw(k); });
      clearMarks();
    }
    var verdict = controls(box, check, reset);
  }

  var players = { grid: grid, tower: tower };
  document.querySelectorAll("div.play[data-play]").forEach(function (box) {
    var d;
    try {
      d = JSON.parse(box.getAttribute("data-play"));
    } catch (e) {
      return;
    }
    if (!players[d.player]) return;
    box.appendChild(make("h3", "play-title", "Play on screen"));
    players[d.player](box, d);
    box.classList.add("ready");
  });
})();
