// The hashing seed of this process, chosen by the environment, so that two plays of a scenario can see two known
// seeds: Rehearsal's check that a timeline does not depend on the iteration order of a Set or a Dictionary.
//
// Verified facts (Swift 6.3.1, Linux x86_64; a program printing `Dictionary(grouping:)` keys and a `Set`'s order):
// - The runtime keeps the process's hashing parameters in the exported, writable global
//   `_swift_stdlib_Hashing_parameters` of libswiftCore.so (`nm -D`: `B _swift_stdlib_Hashing_parameters`), a
//   `{ uint64_t seed0; uint64_t seed1; bool deterministic; }` (SwiftShims/GlobalObjects.h) that a C++ global
//   constructor of libswiftCore fills in before any Swift code runs: from `getrandom` (a new seed in every process,
//   so the keys of `Dictionary(grouping:)` came out DEBAFC, FDCABE, ABEFDC in three launches), or with
//   `SWIFT_DETERMINISTIC_HASHING` set, `{0, 0, true}` (FDCABE in every launch).
// - `Hasher` reads the seed from that global on every use, and with `deterministic` true a hash table's own seed
//   is its scale instead of its storage address; so the order is a function of the seed alone. Setting the global
//   from a constructor of the executable (which runs after every shared library's constructors and before `main`)
//   took effect: seed 1 gave BCDFAE in every launch, seed 2 ADFECB, seed 3 FBACDE.
// - No Swift hash table exists before the executable's constructors run (Swift globals are initialised lazily,
//   from `main` on), so none is left hashed under another seed.
//
// With REHEARSAL_HASH_SEED set to a decimal number, this constructor makes the process's seed a function of it
// (SplitMix64) and deterministic; without it, nothing changes. Different numbers give different seeds; two seeds
// may still put the keys of a small collection in the same order, so a check with one
// other seed finds most order dependence, not all of it.

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "CVirtualTime.h"

#if defined(__linux__)
struct vt_swift_hashing_parameters {
    uint64_t seed0;
    uint64_t seed1;
    bool deterministic;
};

extern struct vt_swift_hashing_parameters _swift_stdlib_Hashing_parameters;

static int vt_hash_seeded = 0;
static uint64_t vt_hash_seed_value = 0;

static uint64_t vt_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

__attribute__((constructor)) static void vt_seed_hashing(void) {
    const char *text = getenv(VT_HASH_SEED_VARIABLE);
    if (!text || !*text) return;
    char *end = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (!end || *end != 0) return;
    uint64_t state = (uint64_t)value;
    _swift_stdlib_Hashing_parameters.seed0 = vt_splitmix64(&state);
    _swift_stdlib_Hashing_parameters.seed1 = vt_splitmix64(&state);
    _swift_stdlib_Hashing_parameters.deterministic = true;
    vt_hash_seed_value = (uint64_t)value;
    vt_hash_seeded = 1;
}

int vt_hash_seed(uint64_t *seed) {
    if (vt_hash_seeded && seed) *seed = vt_hash_seed_value;
    return vt_hash_seeded;
}
#else
int vt_hash_seed(uint64_t *seed) {
    (void)seed;
    return 0;
}
#endif
