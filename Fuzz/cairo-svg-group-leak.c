// cairo 1.16 SVG surface: 472 bytes leak per group (finding 4 in docs/reliability.md). Build and check:
//   gcc Fuzz/cairo-svg-group-leak.c $(pkg-config --cflags --libs cairo pangocairo) -o /tmp/leak && valgrind --leak-check=full /tmp/leak [text]
#include <cairo.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
int main(int argc, char **argv) {
    int text = argc > 1;
    for (int i = 0; i < 5; i++) {
        cairo_surface_t *s = cairo_svg_surface_create("/dev/null", 100, 100);
        cairo_t *cr = cairo_create(s);
        cairo_push_group(cr);
        if (text) {
            PangoLayout *l = pango_cairo_create_layout(cr);
            pango_layout_set_text(l, "A\xF0\x9F\x8D\x8E", -1);
            pango_cairo_show_layout(cr, l);
            g_object_unref(l);
        } else {
            cairo_rectangle(cr, 10, 10, 50, 50); cairo_fill(cr);
        }
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, 0.5);
        cairo_destroy(cr);
        cairo_surface_finish(s);
        cairo_surface_destroy(s);
    }
    cairo_debug_reset_static_data();
    return 0;
}
