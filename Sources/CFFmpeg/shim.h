#ifndef CAPTIONS_CFFMPEG_SHIM_H
#define CAPTIONS_CFFMPEG_SHIM_H
// Bridge to FFmpeg. Only the Media module imports this target.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/cpu.h>
#include <libavutil/opt.h>
#include <libavutil/log.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/timecode.h>
#include <libavutil/dict.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <stdarg.h>
#include <stdio.h>

// Function-like macros and compound literals that Swift cannot import.
static inline int captions_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int captions_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int captions_averror_eof(void) { return AVERROR_EOF; }
static inline int captions_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int captions_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int captions_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t captions_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational captions_av_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int captions_averror_enospc(void) { return AVERROR(ENOSPC); }
static inline uint32_t captions_mktag(char a, char b, char c, char d) { return MKTAG(a, b, c, d); }

/// av_err2str uses a compound literal; this copies the message into a caller buffer.
static inline const char *captions_av_err2str(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
    return buf;
}

/// av_log is variadic; Swift passes an already formatted message.
static inline void captions_av_log_message(void *avcl, int level, const char *message) {
    av_log(avcl, level, "%s", message);
}

/// A log callback that formats each FFmpeg message and hands it to a non-variadic sink.
typedef void (*captions_av_log_sink)(int level, const char *line);
static captions_av_log_sink captions_current_log_sink = 0;
static inline void captions_av_log_trampoline(void *avcl, int level, const char *fmt, va_list vl) {
    (void)avcl;
    if (!captions_current_log_sink || level > av_log_get_level()) return;
    char line[1024];
    vsnprintf(line, sizeof line, fmt, vl);
    captions_current_log_sink(level, line);
}
static inline void captions_av_set_log_sink(captions_av_log_sink sink) {
    captions_current_log_sink = sink;
    av_log_set_callback(sink ? captions_av_log_trampoline : av_log_default_callback);
}

/// av_fourcc2str uses a compound literal; this writes the tag's text into a caller buffer.
static inline const char *captions_fourcc_string(uint32_t tag, char *buf, size_t size) {
    if (size < AV_FOURCC_MAX_STRING_SIZE) return "";
    return av_fourcc_make_string(buf, tag);
}

/// The display matrix of a stream (FFmpeg 5.1 keeps it as stream side
/// data), or NULL.
static inline const int32_t *captions_stream_display_matrix(const AVStream *st) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return (data && size >= 9 * sizeof(int32_t)) ? (const int32_t *)data : NULL;
}
#endif
