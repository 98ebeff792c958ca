// Swift Testing declares cross-import overlays for UIKit and CoreGraphics (the toolchain's
// Testing.swiftcrossimport): a file that imports both Testing and UIKit makes the compiler load `_Testing_UIKit`,
// which on Apple platforms makes UIKit images attachable. On Linux the toolchain has none, so a test file importing
// Testing and this package's UIKit stand-in would fail with "no such module '_Testing_UIKit'". This empty module is
// that overlay on Linux: there is nothing to attach.
