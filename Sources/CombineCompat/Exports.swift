// On Apple platforms CombineCompat is Apple's Combine: ViewModels write `import CombineCompat` and get the
// real framework. Everywhere else (Linux) every other file of this module is the implementation, each
// wrapped in `#if !canImport(Darwin)` so that the two never clash.
//
// The guard is `canImport(Darwin)`, never `canImport(Combine)`: on Linux the package's `Combine` module (which
// re-exports this one, so that `import Combine` works unchanged) sits beside this module's build output, so
// `canImport(Combine)` turns true as soon as it was built once, and the next rebuild of this module would
// import itself in a cycle. `make lint` rejects `canImport(Combine)` under Sources/.
#if canImport(Darwin)
@_exported import Combine
#endif
