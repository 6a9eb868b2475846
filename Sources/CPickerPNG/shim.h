#include <png.h>

// The simplified API's output format and version, which are macros Swift cannot import.
static inline png_uint_32 picker_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 picker_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 picker_png_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }
