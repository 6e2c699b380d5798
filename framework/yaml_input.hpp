// Kept so that code including it still builds: YAML reading is in yaml_read.hpp, instance files
// in instance_file.hpp.
#pragma once

#include "instance_file.hpp"
#include "yaml_read.hpp"
