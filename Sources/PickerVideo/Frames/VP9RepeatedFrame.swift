/// A VP9 frame that shows again a picture the decoder already holds.
///
/// A header with `show_existing_frame` set, one byte (two in profile 3), no picture data. The VP9 specification (section 6.2, "uncompressed header")
/// defines it, and libvpx's and FFmpeg's decoders show the reference slot it names without decoding anything or
/// changing any state, so the frames after it decode as if it were not there.
///
/// The WebM encoder writes one for a frame whose pixels equal the previous frame's, instead of asking libvpx to
/// encode the same picture again: a picker's animation holds still for about half its frames, and libvpx spends
/// nearly as long on a frame that has not changed as on one that has. The frame on screen is then the previous
/// frame's decoded picture, exactly.
struct VP9RepeatedFrame: Equatable {
    /// The frame's bytes.
    let bytes: [UInt8]

    /// The frame that shows again the picture `packet` shows, or nil when `packet` is not one the parser
    /// understands or its shown frame was kept in no reference slot (then the picture must be encoded again).
    ///
    /// `packet` is what libvpx hands out for one input picture: one frame, or a superframe (hidden frames and
    /// the shown frame, with an index at the end). Only the shown frame's header is read: its frame marker and
    /// profile, and which of the eight reference slots it refreshes (all, for a key frame).
    init?(showingAgainThePictureOf packet: some Collection<UInt8>) {
        let packet = Array(packet)
        guard let shown = Self.frames(of: packet).last, let header = Header(shown), let slot = header.slotHoldingThePicture else {
            return nil
        }
        var writer = BitWriter()
        writer.write(2, bits: 2)  // frame_marker
        writer.write(header.profile & 1, bits: 1)  // profile_low_bit
        writer.write(header.profile >> 1, bits: 1)  // profile_high_bit
        if header.profile == 3 { writer.write(0, bits: 1) }  // reserved_zero
        writer.write(1, bits: 1)  // show_existing_frame
        writer.write(slot, bits: 3)  // frame_to_show_map_idx
        bytes = writer.bytes
    }

    /// The frames of a packet: the frames a superframe index lists (Annex B), or the packet itself.
    static func frames(of packet: [UInt8]) -> [ArraySlice<UInt8>] {
        guard let marker = packet.last, marker & 0xE0 == 0xC0 else { return [packet[...]] }
        let count = Int(marker & 0x07) + 1
        let sizeBytes = Int((marker >> 3) & 0x03) + 1
        let indexSize = 2 + sizeBytes * count
        guard packet.count >= indexSize, packet[packet.count - indexSize] == marker else { return [packet[...]] }
        var frames: [ArraySlice<UInt8>] = []
        var start = 0
        var entry = packet.count - indexSize + 1
        for _ in 0..<count {
            var size = 0
            for byte in 0..<sizeBytes { size |= Int(packet[entry + byte]) << (8 * byte) }
            entry += sizeBytes
            guard size > 0, start + size <= packet.count - indexSize else { return [] }
            frames.append(packet[start..<(start + size)])
            start += size
        }
        return frames
    }

    /// What the start of a frame's uncompressed header says.
    struct Header {
        /// 0 to 3.
        let profile: Int
        /// Whether the frame is shown (a frame with `show_existing_frame` counts as shown).
        let isShown: Bool
        /// The reference slots that hold the frame's picture after it is decoded: those it refreshes, or for a
        /// frame that shows an existing one, the slot it shows.
        let slots: Int

        /// The lowest slot holding the picture of a shown frame; nil for a hidden frame or one kept nowhere.
        var slotHoldingThePicture: Int? {
            guard isShown, slots != 0 else { return nil }
            return slots.trailingZeroBitCount
        }

        /// Reads the header; nil when it is not a VP9 frame header or is an intra-only frame (never shown).
        init?(_ frame: ArraySlice<UInt8>) {
            var reader = BitReader(frame)
            guard reader.read(bits: 2) == 2 else { return nil }  // frame_marker
            let profile = reader.read(bits: 1) | reader.read(bits: 1) << 1
            if profile == 3 { _ = reader.read(bits: 1) }  // reserved_zero
            self.profile = profile
            if reader.read(bits: 1) == 1 {  // show_existing_frame
                isShown = true
                slots = 1 << reader.read(bits: 3)
                guard !reader.overran else { return nil }
                return
            }
            let isKeyFrame = reader.read(bits: 1) == 0
            isShown = reader.read(bits: 1) == 1
            let errorResilient = reader.read(bits: 1) == 1
            if isKeyFrame {
                slots = 0xFF
            } else {
                let intraOnly = isShown ? false : reader.read(bits: 1) == 1
                if intraOnly { return nil }
                if !errorResilient { _ = reader.read(bits: 2) }  // reset_frame_context
                slots = reader.read(bits: 8)  // refresh_frame_flags
            }
            guard !reader.overran else { return nil }
        }
    }

    /// Reads bits most significant first, as VP9's headers are written.
    struct BitReader {
        private let bytes: ArraySlice<UInt8>
        private var position = 0
        /// Whether a read went past the end (the bits read there are zeros).
        private(set) var overran = false

        init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

        mutating func read(bits: Int) -> Int {
            var value = 0
            for _ in 0..<bits {
                let byte = position / 8
                var bit = 0
                if byte < bytes.count {
                    bit = Int(bytes[bytes.startIndex + byte] >> (7 - UInt8(position % 8))) & 1
                } else {
                    overran = true
                }
                value = value << 1 | bit
                position += 1
            }
            return value
        }
    }

    /// Writes bits most significant first; the last byte is padded with zeros (VP9's `trailing_bits`).
    struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var position = 0

        mutating func write(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                if position % 8 == 0 { bytes.append(0) }
                if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(position % 8) }
                position += 1
            }
        }
    }
}
