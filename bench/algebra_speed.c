/* bench/algebra_speed.c - how fast the run-time algebra is: every case of
 * tests/algebra.tsv evaluated in one process (parsed once, run ROUNDS times, best round),
 * next to the same number of run-time crd2offset calls, for scale. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "../tests/vectors.h"

#define MAX_CASES 2048
#define ROUNDS 20

typedef struct bench_case {
    char op[32];
    char want[256];
    int n;
    arg a[3];
} bench_case;

static bench_case cases[MAX_CASES];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void) {
    FILE *f = fopen("tests/algebra.tsv", "r");
    char line[2048], out[512];
    int n = 0, round, i, failures = 0;
    double best_alg = 1e30, best_crd = 1e30;
    volatile int64_t sink = 0;
    tla_layout res, Z;
    tla_error e;
    if (!f) return printf("algebra speed: tests/algebra.tsv not found\n"), 1;
    while (fgets(line, sizeof line, f) && n < MAX_CASES) {
        char *field[6];
        const char *want;
        int k = split_case(line, field, 6, &want), ok = k >= 0 && k <= 3;
        for (i = 0; ok && i < k; i++) ok = parse_arg(field[i + 1], &cases[n].a[i]) == 0;
        if (!ok) continue;
        snprintf(cases[n].op, sizeof cases[n].op, "%s", field[0]);
        snprintf(cases[n].want, sizeof cases[n].want, "%s", want);
        cases[n++].n = k;
    }
    fclose(f);
    for (round = 0; round < ROUNDS; round++) {
        double t0 = now();
        for (i = 0; i < n; i++) {
            int kind = run(cases[i].op, cases[i].a, cases[i].n, out, sizeof out, &res);
            if (round == 0) /* checked once, outside the best time's round */
                failures += !(kind == 'L' ? result_matches(out, cases[i].want) : kind && !strcmp(out, cases[i].want));
        }
        t0 = now() - t0;
        if (t0 < best_alg) best_alg = t0;
    }
    /* the same count of crd2offset calls on a run-time zN layout (coordinates vary) */
    tla_layout_format(&Z, TLA_ZN, 2, 64, 64, &e);
    for (round = 0; round < ROUNDS; round++) {
        double t0 = now();
        for (i = 0; i < n; i++) {
            tla_tuple c = tla_tuple_leaf(i % 4096, 0);
            int64_t o = 0;
            tla_layout_crd2offset(&o, &Z, &c, &e);
            sink += o;
        }
        t0 = now() - t0;
        if (t0 < best_crd) best_crd = t0;
    }
    if (sink == 42) printf(" "); /* keep the crd2offset results alive */
    printf("algebra: %d vector cases in one process: %.0f ns per operation; "
           "%d run-time crd2offset calls: %.0f ns per call; ratio %.1f%s\n",
           n, 1e9 * best_alg / n, n, 1e9 * best_crd / n, best_alg / best_crd,
           failures ? " (some cases failed: see make test)" : "");
    return failures != 0;
}
