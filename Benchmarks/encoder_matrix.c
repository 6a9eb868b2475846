// Measures PNG encoders on real frames: cairo's write_to_png, libpng with a chosen zlib level, strategy and
// filter, and libdeflate with a chosen level and filter. Prints CSV: encoder, filter, level, strategy, bytes,
// CPU ms (the minimum over the repetitions, thread CPU time, so other processes on the machine disturb it less).
//
//   cc -O2 encoder_matrix.c $(pkg-config --cflags --libs cairo libpng libdeflate) -o encoder_matrix
//   ./encoder_matrix REPS frame.png [frame.png …]
#include <cairo.h>
#include <libdeflate.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct { size_t size; } Counter;
static cairo_status_t count_write(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    ((Counter *)closure)->size += length;
    return CAIRO_STATUS_SUCCESS;
}
static void png_count(png_structp png, png_bytep data, png_size_t length) {
    (void)data;
    ((Counter *)png_get_io_ptr(png))->size += length;
}
static void png_flush_none(png_structp png) { (void)png; }

// Like cairo's PNG writer: RGB when every pixel is opaque, else RGBA.
static int channels_of(cairo_surface_t *s, int w, int h) {
    const uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if ((((const uint32_t *)(data + (size_t)y * stride))[x] >> 24) != 255) return 4;
    return 3;
}

// Straight RGB(A) rows from cairo's premultiplied ARGB32, rounding as cairo's PNG writer does.
static uint8_t *unpremultiply(cairo_surface_t *s, int w, int h, int ch) {
    uint8_t *out = malloc((size_t)w * h * 4);
    const uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        uint8_t *o = out + (size_t)y * w * ch;
        for (int x = 0; x < w; x++) {
            uint32_t p = row[x], a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a == 0) { r = g = b = 0; }
            else if (a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
            o[ch * x] = r; o[ch * x + 1] = g; o[ch * x + 2] = b;
            if (ch == 4) o[4 * x + 3] = a;
        }
    }
    return out;
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// Filters one row with `type` into out[1…]; out[0] = type. Returns the sum of |signed byte| (libpng's heuristic).
static int bpp = 4;
static unsigned filter_row(int type, const uint8_t *row, const uint8_t *prior, size_t n, uint8_t *out) {
    out[0] = type;
    unsigned sum = 0;
    for (size_t i = 0; i < n; i++) {
        int a = i >= (size_t)bpp ? row[i - bpp] : 0, b = prior ? prior[i] : 0, c = (prior && i >= (size_t)bpp) ? prior[i - bpp] : 0, v;
        switch (type) {
        case 0: v = row[i]; break;
        case 1: v = row[i] - a; break;
        case 2: v = row[i] - b; break;
        case 3: v = row[i] - ((a + b) >> 1); break;
        default: v = row[i] - paeth(a, b, c); break;
        }
        uint8_t byte = (uint8_t)v;
        out[i + 1] = byte;
        sum += byte < 128 ? byte : 256 - byte;
    }
    return sum;
}

// mode 0–4: that filter; 5: min-sum over all five; 6: min-sum over none/sub/up.
static void filter_image(const uint8_t *rgba, int w, int h, int mode, uint8_t *out, uint8_t *tmp) {
    size_t n = (size_t)w * bpp;
    for (int y = 0; y < h; y++) {
        const uint8_t *row = rgba + y * n, *prior = y ? row - n : NULL;
        uint8_t *o = out + y * (n + 1);
        if (mode <= 4) { filter_row(mode, row, prior, n, o); continue; }
        unsigned best = ~0u;
        int last = mode == 5 ? 4 : 2;
        for (int t = 0; t <= last; t++) {
            unsigned s = filter_row(t, row, prior, n, tmp);
            if (s < best) { best = s; memcpy(o, tmp, n + 1); }
        }
    }
}

static const char *filter_names[] = {"none", "sub", "up", "avg", "paeth", "minsum5", "minsum3"};

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s REPS frame.png …\n", argv[0]); return 2; }
    int reps = atoi(argv[1]);
    printf("file,encoder,filter,level,strategy,bytes,cpu_ms,filter_ms\n");
    for (int f = 2; f < argc; f++) {
        cairo_surface_t *s = cairo_image_surface_create_from_png(argv[f]);
        if (cairo_surface_status(s)) { fprintf(stderr, "%s: cannot read\n", argv[f]); return 1; }
        if (cairo_image_surface_get_format(s) != CAIRO_FORMAT_ARGB32) {
            cairo_surface_t *c = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(s), cairo_image_surface_get_height(s));
            cairo_t *cr = cairo_create(c); cairo_set_source_surface(cr, s, 0, 0); cairo_paint(cr); cairo_destroy(cr);
            cairo_surface_destroy(s); s = c;
        }
        int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
        const char *name = strrchr(argv[f], '/') ? strrchr(argv[f], '/') + 1 : argv[f];
        // cairo's own writer.
        {
            double best = 1e9; Counter c = {0};
            for (int r = 0; r < reps; r++) {
                c.size = 0; double t = cpu_ms();
                cairo_surface_write_to_png_stream(s, count_write, &c);
                t = cpu_ms() - t; if (t < best) best = t;
            }
            printf("%s,cairo,adaptive,6,default,%zu,%.3f,0\n", name, c.size, best);
        }
        // Unpremultiply once more to time it separately.
        {
            double best = 1e9;
            for (int r = 0; r < reps; r++) { double t = cpu_ms(); free(unpremultiply(s, w, h, channels_of(s, w, h))); t = cpu_ms() - t; if (t < best) best = t; }
            printf("%s,unpremultiply,-,-,-,0,%.3f,0\n", name, best);
        }
        int ch = channels_of(s, w, h);
        bpp = ch;
        uint8_t *rgba = unpremultiply(s, w, h, ch);
        // libpng.
        int png_filters[] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_PAETH, PNG_ALL_FILTERS};
        const char *png_filter_names[] = {"none", "sub", "up", "paeth", "adaptive"};
        int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE};
        const char *strategy_names[] = {"default", "filtered", "rle"};
        int levels[] = {1, 3, 6};
        for (int fi = 0; fi < 5; fi++)
            for (int li = 0; li < 3; li++)
                for (int si = 0; si < 3; si++) {
                    double best = 1e9; Counter c = {0};
                    for (int r = 0; r < reps; r++) {
                        c.size = 0; double t = cpu_ms();
                        png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
                        png_infop info = png_create_info_struct(png);
                        if (setjmp(png_jmpbuf(png))) return 1;
                        png_set_write_fn(png, &c, png_count, png_flush_none);
                        png_set_IHDR(png, info, w, h, 8, ch == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
                        png_set_filter(png, 0, png_filters[fi]);
                        png_set_compression_level(png, levels[li]);
                        png_set_compression_strategy(png, strategies[si]);
                        png_write_info(png, info);
                        for (int y = 0; y < h; y++) png_write_row(png, rgba + (size_t)y * w * ch);
                        png_write_end(png, info);
                        png_destroy_write_struct(&png, &info);
                        t = cpu_ms() - t; if (t < best) best = t;
                    }
                    printf("%s,libpng,%s,%d,%s,%zu,%.3f,0\n", name, png_filter_names[fi], levels[li], strategy_names[si], c.size, best);
                }
        // libdeflate: filter time and compress time together.
        size_t raw = (size_t)(w * ch + 1) * h;
        uint8_t *out = malloc(raw + raw / 8 + 1024);
        for (int mode = 0; mode <= 6; mode++) {
            double fbest = 1e9;
            uint8_t *filtered = malloc(raw), *tmp = malloc(raw);
            for (int r = 0; r < reps; r++) {
                double t = cpu_ms(); filter_image(rgba, w, h, mode, filtered, tmp); t = cpu_ms() - t; if (t < fbest) fbest = t;
            }
            int dlevels[] = {1, 2, 3, 4, 6, 9, 12};
            for (int li = 0; li < 7; li++) {
                struct libdeflate_compressor *z = libdeflate_alloc_compressor(dlevels[li]);
                double best = 1e9; size_t n = 0;
                for (int r = 0; r < reps; r++) {
                    double t = cpu_ms();
                    n = libdeflate_zlib_compress(z, filtered, raw, out, raw + raw / 8 + 1024);
                    t = cpu_ms() - t; if (t < best) best = t;
                }
                libdeflate_free_compressor(z);
                printf("%s,libdeflate,%s,%d,-,%zu,%.3f,%.3f\n", name, filter_names[mode], dlevels[li], n + 57, best + fbest, fbest);
            }
            free(filtered); free(tmp);
        }
        free(out); free(rgba); cairo_surface_destroy(s);
    }
    return 0;
}
