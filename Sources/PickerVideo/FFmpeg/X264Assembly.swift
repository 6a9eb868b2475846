import CPickerFFmpeg

/// The CPU features libx264 may use: all that this CPU has except AVX-512.
///
/// libx264 0.164's AVX-512 code for macroblock-tree rate control (on by default, and in ffmpeg's defaults)
/// reads memory it never wrote, so two encodes of the same frames in one process can differ (a fresh process
/// starts on zeroed pages and does not show it). Without AVX-512 it reads only what it wrote; its assembly is
/// bit-exact with its C code, so the video is the same one a sound AVX-512 path would give, a little slower.
/// The names are x264's `--asm` names (common/cpu.c), each cumulative (AVX2 implies FMA3, BMI1, BMI2, LZCNT) and
/// used only when FFmpeg detects every feature it implies. x264 sets its cache-line flags only on CPUs without
/// SSE 4.2, which have no AVX-512, so none is given.
enum X264Assembly {
    /// The `asm=` value for `x264-params`, or nil on CPUs without AVX-512 (nothing to leave out); `av` is FFmpeg's
    /// functions.
    static func withoutAVX512(_ av: picker_ffmpeg) -> String? {
        #if arch(x86_64)
            let flags = av.av_get_cpu_flags()
            guard flags & AV_CPU_FLAG_AVX512 != 0 else { return nil }
            func has(_ wanted: Int32...) -> Bool { wanted.allSatisfy { flags & $0 != 0 } }
            var names: [String] = []
            if has(AV_CPU_FLAG_MMXEXT) { names.append("MMX2") }
            if has(AV_CPU_FLAG_SSE) { names.append("SSE") }
            if has(AV_CPU_FLAG_SSE2) { names.append(flags & AV_CPU_FLAG_SSE2SLOW != 0 ? "SSE2Slow" : "SSE2Fast") }
            if has(AV_CPU_FLAG_SSE3) { names.append("SSE3") }
            if has(AV_CPU_FLAG_SSSE3) { names.append("SSSE3") }
            if has(AV_CPU_FLAG_SSE4) { names.append("SSE4") }
            if has(AV_CPU_FLAG_SSE42) { names.append("SSE4.2") }
            if has(AV_CPU_FLAG_AVX) { names.append("AVX") }
            if has(AV_CPU_FLAG_AVX, AV_CPU_FLAG_XOP) { names.append("XOP") }
            if has(AV_CPU_FLAG_AVX, AV_CPU_FLAG_FMA4) { names.append("FMA4") }
            if has(AV_CPU_FLAG_AVX, AV_CPU_FLAG_FMA3) { names.append("FMA3") }
            if has(AV_CPU_FLAG_AVX, AV_CPU_FLAG_BMI1) { names.append("BMI1") }
            if has(AV_CPU_FLAG_AVX, AV_CPU_FLAG_BMI1, AV_CPU_FLAG_BMI2) { names.append("BMI2") }
            if has(AV_CPU_FLAG_AVX2, AV_CPU_FLAG_FMA3, AV_CPU_FLAG_BMI1, AV_CPU_FLAG_BMI2) { names.append("AVX2") }
            return names.joined(separator: ",")
        #else
            return nil
        #endif
    }
}
