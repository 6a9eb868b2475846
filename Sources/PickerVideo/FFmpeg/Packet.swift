import CPickerFFmpeg

/// Owns an `AVPacket`, reused for every packet the encoder hands out.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>
    private let av: picker_ffmpeg

    /// Allocates an empty packet.
    init() throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        guard let packet = av.av_packet_alloc() else { throw AVStatus.error(AVStatus.outOfMemory, "allocate a packet", log: nil) }
        pointer = packet
        self.av = av
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av.av_packet_free(&packet)
    }

    /// The packet's data.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: pointer.pointee.data, count: pointer.pointee.data == nil ? 0 : Int(pointer.pointee.size))
    }

    /// The frame of WebM's alpha channel that libavcodec's libvpx encoder attaches to the packet (Matroska
    /// BlockAdditional 1: an 8-byte id, then the frame); nil when there is none.
    var alphaFrame: UnsafeBufferPointer<UInt8>? {
        var size = 0
        guard let data = av.av_packet_get_side_data(pointer, AV_PKT_DATA_MATROSKA_BLOCKADDITIONAL, &size), size > 8 else {
            return nil
        }
        return UnsafeBufferPointer(start: data + 8, count: size - 8)
    }

    /// Makes the (empty) packet hold `bytes`, and `alpha` as its alpha channel's frame when given.
    func fill(with bytes: [UInt8], alpha: [UInt8]?) throws(VideoEncodingError) {
        try AVStatus.check(av.av_new_packet(pointer, Int32(bytes.count)), "allocate a packet", log: nil)
        for (offset, byte) in bytes.enumerated() { pointer.pointee.data[offset] = byte }
        guard let alpha else { return }
        guard let side = av.av_packet_new_side_data(pointer, AV_PKT_DATA_MATROSKA_BLOCKADDITIONAL, alpha.count + 8) else {
            throw AVStatus.error(AVStatus.outOfMemory, "allocate a packet's alpha frame", log: nil)
        }
        // BlockAddID 1, big-endian, as libavcodec's libvpx encoder writes it.
        for byte in 0..<8 { side[byte] = byte == 7 ? 1 : 0 }
        for (offset, byte) in alpha.enumerated() { side[8 + offset] = byte }
    }
}
