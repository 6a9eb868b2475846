// libFuzzer entry point for the render manifest's parser, RenderManifest.decode: the bytes of a
// pickerreel-manifest.json, which a pull request can commit beside its pictures. Built by `make fuzz-manifest-build`
// against the PickerRender objects of the sanitized package build (Makefile, fuzz section).
//
// Every input must be decoded or refused with a DecodingError, never a trap or a sanitizer report; a manifest that
// decodes stays within the limits the type states, and encodes to bytes that decode to the same manifest.
import PickerRender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let manifest: RenderManifest
    do {
        manifest = try RenderManifest.decode(bytes)
    } catch {
        if error.path.isEmpty || error.problem.isEmpty { fatalError("fuzz: a refusal that names nothing: \(error)") }
        return 0
    }
    if manifest.files.count > RenderManifest.maximumFiles { fatalError("fuzz: \(manifest.files.count) files decoded") }
    for file in manifest.files {
        if file.size < 0 || file.sha256.utf8.count != 64 || file.name.isEmpty || file.name.contains("/") || file.name == ".."
            || file.name == "."
        {
            fatalError("fuzz: a file entry outside the limits: \(file)")
        }
    }
    guard let encoded = try? manifest.encoded() else { fatalError("fuzz: a decoded manifest does not encode") }
    guard let again = try? RenderManifest.decode(encoded), again == manifest else {
        fatalError("fuzz: a manifest does not survive encoding and decoding again")
    }
    return 0
}
