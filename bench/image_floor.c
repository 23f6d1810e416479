/* The decoding-only floor for `make bench`'s image sections: the same C libraries palette-tui
 * uses, on the same file, at the same scale, with nothing else (no box filter, no checksum, no
 * palette). PNG: libspng row by row in the format palette-tui asks for (RGB8, RGBA8 when
 * something can be transparent); JPEG: TurboJPEG at the DCT scale palette-tui picks (the largest
 * whose longer side is at most 1024).
 *
 *     image-floor FILE     prints "SECONDS PEAK_KIB" (wall time of the decoding, ru_maxrss)
 */
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <turbojpeg.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int png(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    spng_ctx *ctx = spng_ctx_new(0);
    spng_set_png_file(ctx, f);
    struct spng_ihdr h;
    if (spng_get_ihdr(ctx, &h)) return 1;
    struct spng_trns trns;
    int alpha = h.color_type == 4 || h.color_type == 6 || spng_get_trns(ctx, &trns) == 0;
    int fmt = alpha ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8;
    size_t row_size = (size_t)h.width * (alpha ? 4 : 3);
    unsigned char *row = malloc(row_size);
    if (spng_decode_image(ctx, NULL, 0, fmt, SPNG_DECODE_TRNS | SPNG_DECODE_PROGRESSIVE)) return 1;
    struct spng_row_info info;
    int r;
    unsigned sink = 0;
    do {
        if ((r = spng_get_row_info(ctx, &info))) break;
        r = spng_decode_row(ctx, row, row_size);
        sink += row[0];
    } while (!r);
    free(row);
    spng_ctx_free(ctx);
    fclose(f);
    return r == SPNG_EOI ? (int)(sink & 0) : 1;
}

static int jpeg(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(size);
    if (fread(buf, 1, size, f) != (size_t)size) return 1;
    fclose(f);
    tjhandle tj = tjInitDecompress();
    int w, h, sub, cs;
    if (tjDecompressHeader3(tj, buf, size, &w, &h, &sub, &cs)) return 1;
    int n;
    tjscalingfactor *factors = tjGetScalingFactors(&n);
    int bw = (w + 7) / 8, bh = (h + 7) / 8, best = 0;
    for (int i = 0; i < n; i++) {
        if (factors[i].num > factors[i].denom) continue;
        int sw = TJSCALED(w, factors[i]), sh = TJSCALED(h, factors[i]);
        int longer = sw > sh ? sw : sh;
        if (longer <= 1024 && longer > best) { best = longer; bw = sw; bh = sh; }
    }
    unsigned char *out = malloc((size_t)bw * bh * 3);
    int r = tjDecompress2(tj, buf, size, out, bw, 0, bh, TJPF_RGB, TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING);
    tjDestroy(tj);
    free(out);
    free(buf);
    return r;
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    const char *dot = strrchr(argv[1], '.');
    double start = now();
    int r = dot && strcmp(dot, ".png") == 0 ? png(argv[1]) : jpeg(argv[1]);
    double seconds = now() - start;
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    printf("%.4f %ld\n", seconds, u.ru_maxrss);
    return r;
}
