// swift-tools-version:6.0
// `make bench-snapshot`: a user's test package, built in debug as `swift test` builds it, whose one test checks the
// animated snapshot of the segmented gallery spec (2 variants × 98 frames) against goldens it recorded first.
import PackageDescription

// A path dependency's identity is its folder's name (as in Examples/PeriodPicker/Package.swift).
let checkout = Context.packageDirectory.split(separator: "/").dropLast(2)
let identity = String(checkout.last ?? "PickerReel")

let package = Package(
    name: "SnapshotBench",
    dependencies: [.package(path: "/" + checkout.joined(separator: "/"))],
    targets: [
        .testTarget(name: "SnapshotBenchTests", dependencies: [.product(name: "PickerSnapshot", package: identity)])
    ],
    swiftLanguageModes: [.v6]
)
