#include "CCombineCompatThread.h"

__thread uintptr_t combinecompat_innermost_gate __attribute__((tls_model("initial-exec"))) = 0;
