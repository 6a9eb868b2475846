import Foundation
import TestSupport

/// What ffprobe reads from a video file: its stream, its container, and every decoded frame's time.
struct ProbedVideo {
    let codec: String
    let profile: String
    /// The pixel format as FFmpeg's own decoder reports it: its VP9 decoder ignores WebM's alpha plane, so a
    /// yuva420p stream reads as yuv420p (with the `alpha_mode` tag).
    let pixelFormat: String
    let width: Int
    let height: Int
    /// `r_frame_rate` and `avg_frame_rate`, as "30/1".
    let frameRate: String
    let averageFrameRate: String
    let colorSpace: String?
    let colorRange: String?
    let colorPrimaries: String?
    let colorTransfer: String?
    /// The container's duration in seconds.
    let duration: Double
    /// The stream's tags (WebM's alpha_mode).
    let tags: [String: String]
    /// Every decoded frame's presentation time in seconds, in order.
    let frameTimes: [Double]

    init(path: String) throws {
        let arguments = ["-v", "error", "-show_streams", "-show_format", "-show_frames", "-of", "json", path]
        let json = try JSONSerialization.jsonObject(with: try runProgram("ffprobe", arguments).checkedOutput())
        guard let root = json as? [String: Any], let streams = root["streams"] as? [[String: Any]], let stream = streams.first,
            let format = root["format"] as? [String: Any], let frames = root["frames"] as? [[String: Any]]
        else { throw ProcessFailed(description: "ffprobe gave no stream, format or frames for \(path)") }
        func text(_ key: String) -> String? { stream[key] as? String }
        codec = text("codec_name") ?? ""
        profile = text("profile") ?? ""
        pixelFormat = text("pix_fmt") ?? ""
        width = stream["width"] as? Int ?? 0
        height = stream["height"] as? Int ?? 0
        frameRate = text("r_frame_rate") ?? ""
        averageFrameRate = text("avg_frame_rate") ?? ""
        colorSpace = text("color_space")
        colorRange = text("color_range")
        colorPrimaries = text("color_primaries")
        colorTransfer = text("color_transfer")
        duration = Double(format["duration"] as? String ?? "") ?? -1
        tags = stream["tags"] as? [String: String] ?? [:]
        frameTimes = frames.map { Double($0["best_effort_timestamp_time"] as? String ?? "") ?? -1 }
    }
}
