#ifndef REHEARSAL_CJSONC_SHIM_H
#define REHEARSAL_CJSONC_SHIM_H

// json-c, as installed by Debian's libjson-c-dev. Only the ScenarioJSON module imports this.
#include <json-c/json.h>
#include <json-c/json_tokener.h>

#endif
