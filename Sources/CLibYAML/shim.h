#ifndef FORMCHECK_CLIBYAML_SHIM_H
#define FORMCHECK_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
