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
}
