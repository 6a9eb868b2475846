// swift-tools-version:6.0
// An example of using PickerReel from another package: `swift run period-picker [FOLDER]`.
import PackageDescription

// A path dependency's identity is its folder's name, and `.product(package:)` must use that identity. The example
// lives inside the PickerReel checkout, whatever that folder is called, so it reads the name from the path.
// From a package of your own, write `.package(url: "https://github.com/…/PickerReel.git", from: "0.2.0")` and
// `package: "PickerReel"` (the URL's last component), or `.package(path: "../PickerReel")` and the folder's name.
let checkout = Context.packageDirectory.split(separator: "/").dropLast(2)
let identity = String(checkout.last ?? "PickerReel")

let package = Package(
    name: "PeriodPicker",
    dependencies: [.package(path: "/" + checkout.joined(separator: "/"))],
    targets: [
        .executableTarget(name: "period-picker", dependencies: [.product(name: "PickerReel", package: identity)]),
        // The README's first Swift block, as pasted (ReadmeSnippetTests keeps the two the same).
        .executableTarget(name: "readme", dependencies: [.product(name: "PickerReel", package: identity)]),
    ],
    swiftLanguageModes: [.v6]
)
