// swift-tools-version: 6.0
// Tracker: the whole behaviour of a habit-tracking app without a UI framework underneath.
// Layering (docs/architecture.md): imports only point down the target list below; no package dependencies.

import PackageDescription

let package = Package(
  name: "Tracker",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [
    .library(name: "TrackerModels", targets: ["TrackerModels"]),
    .library(name: "TrackerLocalization", targets: ["TrackerLocalization"]),
    .library(name: "TrackerSQLite", targets: ["TrackerSQLite"]),
    .library(name: "TrackerArchiveCodec", targets: ["TrackerArchiveCodec"]),
    .library(name: "TrackerImports", targets: ["TrackerImports"]),
    .library(name: "TrackerSync", targets: ["TrackerSync"]),
    .library(name: "TrackerSchema", targets: ["TrackerSchema"]),
    .library(name: "TrackerRecovery", targets: ["TrackerRecovery"]),
    .library(name: "TrackerStore", targets: ["TrackerStore"]),
    .library(name: "TrackerNetwork", targets: ["TrackerNetwork"]),
    .library(name: "TrackerViewModels", targets: ["TrackerViewModels"]),
    .library(name: "TodoModels", targets: ["TodoModels"]),
    .library(name: "TodoStore", targets: ["TodoStore"]),
    .library(name: "TodoViewModels", targets: ["TodoViewModels"]),
    .library(name: "TrackerAutomation", targets: ["TrackerAutomation"]),
    .library(name: "TrackerTextRenderer", targets: ["TrackerTextRenderer"]),
    .library(name: "TrackerPreviewSupport", targets: ["TrackerPreviewSupport"]),
    .library(name: "TextSnapshots", targets: ["TextSnapshots"]),
    .library(name: "TrackerTerminal", targets: ["TrackerTerminal"]),
    .executable(name: "tracker-preview", targets: ["tracker-preview"]),
    .executable(name: "tracker-benchmark", targets: ["tracker-benchmark"]),
    .executable(name: "tracker-reliability", targets: ["tracker-reliability"]),
  ],
  targets: [
    // 1. Value types and pure rules.
    .target(name: "TrackerModels"),
    // The to-do app's values and rules, on the shared store protocol pieces.
    .target(name: "TodoModels", dependencies: ["TrackerModels"]),

    // 2. Texts. The .lproj files at the top level are embedded at build time by a plugin, so the
    //    built binary carries its texts wherever it is copied. The plugin's tool reads them with
    //    the parsers of LocalizationFiles, checks the languages agree and generates `TextKey`.
    .target(name: "LocalizationFiles"),
    .executableTarget(
      name: "ResourceEmbedder", dependencies: ["LocalizationFiles"], path: "Tools/ResourceEmbedder"),
    .plugin(
      name: "EmbedLocalizations",
      capability: .buildTool(),
      dependencies: ["ResourceEmbedder"]
    ),
    .target(
      name: "TrackerLocalization", dependencies: ["LocalizationFiles"], plugins: ["EmbedLocalizations"]),

    // 3. Persistence.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
    ),
    //    By trade, each on the ones above it: the SQLite wrapper, the JSON archive codec (versions
    //    1-3), other trackers' files (Loop, HabitBull), the sync folder's logs, and the stores that
    //    compose them (migrations, recovery, queries, sync passes; the to-do store).
    .target(name: "TrackerSQLite", dependencies: ["TrackerModels", "CSQLite"]),
    .target(name: "TrackerArchiveCodec", dependencies: ["TrackerModels"]),
    .target(
      name: "TrackerImports",
      dependencies: ["TrackerModels", "TrackerSQLite", "TrackerArchiveCodec", "CSQLite"]),
    .target(name: "TrackerSync", dependencies: ["TrackerModels", "TrackerArchiveCodec"]),
    .target(name: "TrackerSchema", dependencies: ["TrackerModels", "TrackerSQLite", "CSQLite"]),
    .target(
      name: "TrackerRecovery", dependencies: ["TrackerModels", "TrackerSQLite", "TrackerSchema", "CSQLite"]),
    .target(
      name: "TrackerStore",
      dependencies: [
        "TrackerModels", "TrackerSQLite", "TrackerArchiveCodec", "TrackerSync", "CSQLite", "TrackerRecovery",
        "TrackerSchema",
      ]),
    // The to-do app's store on the same file machinery (opening, recovery, the writer lock).
    .target(
      name: "TodoStore",
      dependencies: [
        "TodoModels", "TrackerModels", "TrackerStore", "TrackerSQLite", "CSQLite", "TrackerRecovery",
        "TrackerSchema",
      ]),
    // The network beside persistence: the to-do app's starting tasks (URLSession on Apple's
    // platforms, libcurl on Linux).
    .target(name: "TrackerNetwork", dependencies: ["TrackerModels", "TodoModels"]),

    // 4. Screens.
    .target(name: "TrackerViewModels", dependencies: ["TrackerModels", "TrackerLocalization"]),
    // The to-do app's screens and flow, on the same store access and observation.
    .target(
      name: "TodoViewModels",
      dependencies: ["TodoModels", "TrackerModels", "TrackerLocalization", "TrackerViewModels"]),

    // 5. Automation: the elements a user acts on (accessibility identifiers, labels, what acting
    //    does), scripts' and UI tests' user actions and their errors, any flow as a driven app. A
    //    native client links the view models without it; its UI tests may link it.
    .target(
      name: "TrackerAutomation",
      dependencies: ["TrackerViewModels", "TrackerModels", "TrackerLocalization", "TodoViewModels"]
    ),

    // 6. Drawing.
    //    Every span that draws an element is anchored by its ElementID.
    .target(
      name: "TrackerTextRenderer",
      dependencies: ["TrackerViewModels", "TrackerAutomation", "TrackerModels", "TodoViewModels"]),

    // Preview material: demo data and screen scenarios for the tour, previews and snapshots, kept
    // out of the libraries a native client links.
    .target(
      name: "TrackerPreviewSupport",
      dependencies: [
        "TrackerModels", "TrackerLocalization", "TrackerViewModels", "TrackerAutomation", "TodoModels",
        "TodoStore", "TodoViewModels",
      ]
    ),

    // 6b. The interactive terminal client: keys, focus, scrolling and frames on top of any flow.
    .target(
      name: "TrackerTerminal",
      dependencies: ["TrackerViewModels", "TrackerAutomation", "TrackerTextRenderer", "TrackerLocalization"]
    ),

    // 7. Snapshot harness.
    .target(name: "TextSnapshots"),

    // 8. The command line, the only place that wires the live environment.
    .executableTarget(
      name: "tracker-preview",
      dependencies: [
        "TrackerModels", "TrackerLocalization", "TrackerStore", "TrackerArchiveCodec", "TrackerImports",
        "TrackerViewModels", "TrackerAutomation", "TrackerTextRenderer", "TrackerPreviewSupport",
        "TrackerNetwork", "TrackerTerminal", "TodoModels", "TodoStore", "TodoViewModels", "TrackerRecovery",
        "TrackerSync",
      ]
    ),
    .executableTarget(
      name: "tracker-benchmark",
      dependencies: [
        "TrackerModels", "TrackerStore", "TrackerArchiveCodec", "TrackerImports", "TrackerViewModels",
        "TrackerAutomation", "TrackerTextRenderer", "TrackerLocalization", "TrackerSync",
        "TrackerTerminal", "CSQLite",
      ]
    ),

    .testTarget(
      name: "ModelTests",
      dependencies: ["TrackerModels", "TrackerPreviewSupport", "ModelTestSupport", "TodoModels"]),
    .testTarget(name: "LocalizationTests", dependencies: ["TrackerLocalization", "LocalizationFiles"]),
    // Test helper: writes acknowledged records until killed (the durability test), holds the
    // write lock (the locked-file tests) or a read transaction (the write-ahead log tests).
    .executableTarget(
      name: "tracker-store-writer",
      dependencies: ["TrackerModels", "TrackerStore", "CSQLite", "TrackerRecovery", "TrackerSync"]),
    .testTarget(
      name: "StoreTests",
      dependencies: [
        "TrackerStore", "TrackerArchiveCodec", "TrackerImports", "TrackerSQLite", "TrackerSync",
        "TrackerModels", "tracker-store-writer", "OtherProgram", "TestSupport", "ModelTestSupport",
        "SyncSimulation", "TodoModels", "TodoStore", "TrackerRecovery", "TrackerSchema",
      ],
      // Loop backups and HabitBull CSVs, made by Tools/fixtures/make-import-fixtures.py.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ViewModelTests",
      dependencies: [
        "TrackerViewModels", "TrackerAutomation", "TrackerModels", "TrackerLocalization", "TrackerStore",
        "TrackerPreviewSupport", "tracker-store-writer", "OtherProgram", "FailingStores", "TestSupport",
        "ModelTestSupport", "FlowTestSupport", "TodoModels", "TodoStore", "TodoViewModels",
      ]
    ),
    // Test helper: an HTTP server on 127.0.0.1 inside the test process (the to-do loader, the CLI).
    .target(name: "LocalHTTPServer", path: "Tests/Support/LocalHTTPServer"),
    // Test helpers of every layer, Foundation only: temporary folders removed after each test
    // (`.temporaryFolders`), the built products run to their end (`runProgram`), deadlines for
    // what happens later (`eventually`).
    .target(name: "TestSupport", path: "Tests/Support/TestSupport"),
    // Test helpers for model values: `day("2026-11-30")` and fixed ids.
    .target(
      name: "ModelTestSupport", dependencies: ["TrackerModels"], path: "Tests/Support/ModelTestSupport"),
    // Test helpers for the flows: `flow.tap("add")`.
    .target(
      name: "FlowTestSupport", dependencies: ["TrackerViewModels", "TrackerAutomation", "TodoViewModels"],
      path: "Tests/Support/FlowTestSupport"),
    // Test helper: several devices' stores over one shared folder with a fake file-syncing engine
    // (the store tests and `tracker-reliability --long`'s sync part).
    .target(
      name: "SyncSimulation",
      dependencies: ["TrackerModels", "TrackerStore", "TrackerArchiveCodec", "ModelTestSupport"],
      path: "Tests/Support/SyncSimulation"),
    // Test helper: another program holding a data file's write lock until told to let go (store,
    // view model, terminal and native client tests).
    .target(name: "OtherProgram", dependencies: ["TestSupport"], path: "Tests/Support/OtherProgram"),
    // Test helper: stores of both apps that fail on demand (the view model tests, and the
    // terminal walk that reaches every alert).
    .target(
      name: "FailingStores", dependencies: ["TrackerModels", "TrackerStore", "TodoModels", "TodoStore"],
      path: "Tests/Support/FailingStores"),
    // The reliability suite: drives the built tracker-preview (docs/reliability.md); its hostile
    // to-do server is the tests' local one.
    .executableTarget(
      name: "tracker-reliability",
      dependencies: [
        "CSQLite", "LocalHTTPServer", "TrackerModels", "TrackerStore", "TrackerArchiveCodec",
        "SyncSimulation",
      ]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "tracker-preview", "CSQLite", "LocalHTTPServer", "tracker-store-writer", "OtherProgram",
        "TestSupport", "TrackerStore", "TrackerArchiveCodec", "TrackerModels", "TrackerViewModels",
        "ModelTestSupport",
      ]),

    .testTarget(name: "TextSnapshotsTests", dependencies: ["TextSnapshots", "TestSupport"]),
    // A native client: the libraries' public API only (no @testable), as an iOS app would use them;
    // its UI tests drive the element tree (TrackerAutomation).
    .testTarget(
      name: "NativeClientTests",
      dependencies: [
        "TrackerViewModels", "TrackerAutomation", "TrackerModels", "TrackerStore", "TrackerLocalization",
        "tracker-preview", "tracker-store-writer", "OtherProgram", "TestSupport", "FlowTestSupport",
        "TodoModels", "TodoStore", "TodoViewModels", "TrackerSync",
      ],
      // No package access: `package` declarations are out of its sight, as they are out of a real
      // client's, so it compiles against the public API only.
      packageAccess: false
    ),
    // The interactive mode: its pieces, and the real binary on a pseudo-terminal.
    .testTarget(
      name: "TerminalTests",
      dependencies: [
        "TrackerTerminal", "TrackerViewModels", "TrackerAutomation", "TrackerTextRenderer", "TrackerModels",
        "TrackerStore", "TrackerPreviewSupport", "TrackerLocalization", "LocalHTTPServer", "tracker-preview",
        "tracker-store-writer", "OtherProgram", "FailingStores", "TestSupport", "FlowTestSupport",
        "TodoModels", "TodoStore", "TodoViewModels",
      ]
    ),
    .testTarget(
      name: "NetworkTests",
      dependencies: ["TrackerNetwork", "TrackerModels", "LocalHTTPServer", "TodoModels"]),
    .testTarget(
      name: "ReliabilityTests", dependencies: ["tracker-reliability", "tracker-preview", "TestSupport"]),
    .testTarget(
      name: "RendererTests",
      dependencies: [
        "TrackerTextRenderer", "TrackerViewModels", "TrackerAutomation", "TrackerModels",
        "TrackerLocalization", "TrackerStore", "TrackerPreviewSupport", "FlowTestSupport", "TodoStore",
        "TodoViewModels",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "SnapshotTests",
      dependencies: [
        "TextSnapshots", "TrackerTextRenderer", "TrackerViewModels", "TrackerStore", "TrackerModels",
        "TrackerLocalization", "TrackerPreviewSupport", "TodoStore", "TodoViewModels",
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// CI builds with warnings as errors (`.ci/run` sets `TRACKER_WARNINGS_AS_ERRORS`). Said here
// rather than with `-Xswiftc -warnings-as-errors` on the command line, so that the README's
// `swift test` builds with the same settings as CI's checked build and reuses it instead of
// building it all again. A variable of this project's own: an app's build that sets the usual
// `CI` (Xcode Cloud, GitHub Actions) must not fail on its SDK's warnings.
if Context.environment["TRACKER_WARNINGS_AS_ERRORS"] != nil {
  for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
  }
}
