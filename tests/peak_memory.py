"""The peak resident memory of a command, for the tests that bound it (tests/scale_out and
tests/verify import this)."""
import subprocess
import sys


def peak_of(command, out):
    """Runs command (stdout to the file `out`) in a child of its own; returns its exit code and
    its peak resident memory in KB (the child's, apart from the calling script's)."""
    script = ("import resource, subprocess, sys\n"
              "with open(sys.argv[1], 'w') as f:\n"
              "    code = subprocess.run(sys.argv[2:], stdout=f).returncode\n"
              "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    result = subprocess.run([sys.executable, "-c", script, out] + command, check=True,
                            capture_output=True, text=True)
    code, peak = result.stdout.split()
    return int(code), int(peak)
