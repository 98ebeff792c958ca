// `import OSLog` on Linux: the `os` stand-in's `Logger`, `os_log` and `OSLog`, as Apple's OSLog module re-exports
// `os`. It exists only when the package manifest is evaluated on Linux. `OSLogStore` (reading the log back) does
// not exist here: a scenario records the lines instead (`"recordLogs": true`).
@_exported import os
