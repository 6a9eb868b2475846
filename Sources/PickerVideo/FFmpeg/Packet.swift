import CPickerFFmpeg

/// Owns an `AVPacket`, reused for every packet the encoder hands out.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet.
    init() throws(VideoEncodingError) {
        guard let packet = av_packet_alloc() else { throw AVStatus.error(AVStatus.outOfMemory, "allocate a packet", log: nil) }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}
