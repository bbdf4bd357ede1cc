/* tests/test_rt.c - the run-time half: tuples, layouts, crd2offset, idx2crd,
 * formats, tiles, the parsers and the printers; the golden grids and the
 * crd2offset/size/cosize/idx2crd lines of tests/algebra.tsv.
 * Run from the repository root (it reads tests/golden and tests/algebra.tsv). */
#include "tla.h"
#include "check.h"

/* ---- helpers: parse or die, print into a static buffer */

static tla_tuple T(const char *s) {
    tla_tuple t;
    tla_error e;
    if (tla_tuple_parse(&t, s, &e) != 0) {
        printf("FAIL parsing tuple %s: %s at %d\n", s, e.msg, e.pos);
        check_failed++;
        t = tla_tuple_leaf(0, 0);
    }
    return t;
}

static tla_layout L(const char *s) {
    tla_layout l;
    tla_error e;
    if (tla_layout_parse(&l, s, &e) != 0) {
        printf("FAIL parsing layout %s: %s at %d\n", s, e.msg, e.pos);
        check_failed++;
        memset(&l, 0, sizeof l);
    }
    return l;
}

static const char *PT(const tla_tuple *t) {
    static char buf[8][512];
    static int k;
    k = (k + 1) % 8;
    tla_tuple_snprint(buf[k], sizeof buf[k], t);
    return buf[k];
}

static const char *PL(const tla_layout *l) {
    static char buf[8][1024];
    static int k;
    k = (k + 1) % 8;
    tla_layout_snprint(buf[k], sizeof buf[k], l);
    return buf[k];
}

/* ---- tuples */

static void test_tuples(void) {
    tla_tuple a, b, parts[9], out;
    tla_error e;
    int64_t sz = -1;
    int path[4], i;

    a = tla_tuple_leaf(5, 0);
    CHECK(tla_tuple_is_int(&a));
    CHECK_EQ(tla_tuple_rank(&a), 1);
    CHECK_EQ(tla_tuple_depth(&a), 0);
    CHECK_STR(PT(&a), "5");
    a = tla_tuple_leaf(3, 1);
    CHECK_STR(PT(&a), "_3");

    a = T("(2,3)");
    CHECK_EQ(tla_tuple_rank(&a), 2);
    CHECK_EQ(tla_tuple_depth(&a), 1);
    a = T("((16,2),(16,3))");
    CHECK_EQ(tla_tuple_rank(&a), 2);
    CHECK_EQ(tla_tuple_depth(&a), 2);
    CHECK(!tla_tuple_is_int(&a));
    CHECK_EQ(tla_tuple_size(&sz, &a, &e), 0);
    CHECK_EQ(sz, 1536);
    a = T("(6)");
    CHECK_EQ(tla_tuple_rank(&a), 1);
    CHECK_EQ(tla_tuple_depth(&a), 1);
    CHECK_STR(PT(&a), "(6)");

    /* get */
    a = T("(4,(2,_3),7)");
    path[0] = 1;
    path[1] = 1;
    CHECK_EQ(tla_tuple_get(&out, &a, 2, path, &e), 0);
    CHECK_STR(PT(&out), "_3");
    CHECK_EQ(tla_tuple_get(&out, &a, 1, path, &e), 0);
    CHECK_STR(PT(&out), "(2,_3)");
    CHECK_EQ(tla_tuple_get(&out, &a, 0, path, &e), 0);
    CHECK_STR(PT(&out), "(4,(2,_3),7)");
    path[0] = 3;
    b = tla_tuple_leaf(99, 0);
    out = b;
    CHECK_EQ(tla_tuple_get(&out, &a, 1, path, &e), -1);
    CHECK(strstr(e.msg, "out of range") != NULL);
    CHECK(tla_tuple_equal(&out, &b)); /* untouched on error */
    path[0] = 0;
    path[1] = 1;
    CHECK_EQ(tla_tuple_get(&out, &a, 2, path, &e), -1); /* get(4, 1) */
    CHECK(strstr(e.msg, "at mode 0") != NULL);
    path[1] = 0;
    CHECK_EQ(tla_tuple_get(&out, &a, 2, path, &e), 0); /* get(4, 0) == 4 */
    CHECK_STR(PT(&out), "4");
    path[0] = -1;
    CHECK_EQ(tla_tuple_get(&out, &a, 1, path, NULL), -1); /* err may be NULL */

    /* congruent / equal */
    a = T("((4,2),(4,3))");
    b = T("((_4,16),(1,_32))");
    CHECK(tla_tuple_congruent(&a, &b));
    CHECK(!tla_tuple_equal(&a, &b));
    CHECK(tla_tuple_equal(&a, &a));
    b = T("((_4,_2),(4,3))");
    CHECK(tla_tuple_equal(&a, &b)); /* static-ness ignored */
    b = T("((4,2),4,3)");
    CHECK(!tla_tuple_congruent(&a, &b));
    b = T("(4,2,4,3)");
    CHECK(!tla_tuple_equal(&a, &b));

    /* join */
    parts[0] = tla_tuple_leaf(4, 1);
    parts[1] = T("(2,3)");
    CHECK_EQ(tla_tuple_join(&out, 2, parts, &e), 0);
    CHECK_STR(PT(&out), "(_4,(2,3))");
    CHECK_EQ(tla_tuple_join(&out, 1, parts, &e), 0);
    CHECK_STR(PT(&out), "(_4)");
    parts[0] = out;
    CHECK_EQ(tla_tuple_join(&parts[0], 1, parts, &e), 0); /* aliasing */
    CHECK_STR(PT(&parts[0]), "((_4))");
    for (i = 0; i < 9; i++) parts[i] = tla_tuple_leaf(i, 0);
    CHECK_EQ(tla_tuple_join(&out, 9, parts, &e), -1);
    CHECK(strstr(e.msg, "1 to 8") != NULL);
    CHECK_EQ(tla_tuple_join(&out, 0, parts, &e), -1);
    parts[0] = T("(((1)))");
    CHECK_EQ(tla_tuple_join(&out, 1, parts, &e), 0);
    parts[0] = out; /* depth 4 */
    CHECK_EQ(tla_tuple_join(&out, 1, parts, &e), -1);
    CHECK(strstr(e.msg, "deeper") != NULL);
    parts[0] = T("(1,2,3,4,5,6,7,8)");
    for (i = 1; i < 5; i++) parts[i] = parts[0];
    CHECK_EQ(tla_tuple_join(&out, 4, parts, &e), 0); /* 32 leaves: fits */
    CHECK_EQ(out.nleaf, 32);
    CHECK_EQ(tla_tuple_join(&out, 5, parts, &e), -1); /* 40 leaves */
    CHECK(strstr(e.msg, "32") != NULL);

    /* size overflow */
    a = T("(4294967296,4294967296)");
    sz = 7;
    CHECK_EQ(tla_tuple_size(&sz, &a, &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    CHECK_EQ(sz, 7);
}

/* ---- parser */

static void test_parse(void) {
    tla_tuple t;
    tla_layout l;
    tla_error e;
    int pos;

    t = T("  ( 4 , ( _2 ,-3 ) ) ");
    CHECK_STR(PT(&t), "(4,(_2,-3))");
    t = T("_-1");
    CHECK_STR(PT(&t), "_-1");
    t = T("-9223372036854775808");
    CHECK_EQ(t.val[0], INT64_MIN);
    t = T("9223372036854775807");
    CHECK_EQ(t.val[0], INT64_MAX);

    CHECK_EQ(tla_tuple_parse(&t, "9223372036854775808", &e), -1);
    CHECK(strstr(e.msg, "int64") != NULL);
    CHECK_EQ(e.pos, 0);
    CHECK_EQ(tla_tuple_parse(&t, "(1, -9223372036854775809)", &e), -1);
    CHECK_EQ(e.pos, 4);
    CHECK_EQ(tla_tuple_parse(&t, "(1,2", &e), -1);
    CHECK_EQ(e.pos, 4);
    CHECK(strstr(e.msg, "expected ',' or ')'") != NULL);
    CHECK(strstr(e.msg, "end of the text") != NULL);
    CHECK_EQ(tla_tuple_parse(&t, "(1,,2)", &e), -1);
    CHECK_EQ(e.pos, 3);
    CHECK(strstr(e.msg, "expected an integer or '('") != NULL);
    CHECK_EQ(tla_tuple_parse(&t, "", &e), -1);
    CHECK_EQ(e.pos, 0);
    CHECK_EQ(tla_tuple_parse(&t, "()", &e), -1);
    CHECK_EQ(e.pos, 1);
    CHECK_EQ(tla_tuple_parse(&t, "(1,2))", &e), -1);
    CHECK_EQ(e.pos, 5);
    CHECK_EQ(tla_tuple_parse(&t, "_", &e), -1);
    CHECK_EQ(e.pos, 1);
    CHECK_EQ(tla_tuple_parse(&t, "- 3", &e), -1);
    CHECK_EQ(tla_tuple_parse(&t, "(1 2)", &e), -1);
    CHECK_EQ(e.pos, 3);
    CHECK_EQ(tla_tuple_parse(&t, "((((1))))", &e), 0);
    CHECK_EQ(tla_tuple_parse(&t, "(((((1)))))", &e), -1);
    CHECK_EQ(e.pos, 4);
    CHECK(strstr(e.msg, "deeper") != NULL);
    CHECK_EQ(tla_tuple_parse(&t, "(1,2,3,4,5,6,7,8)", &e), 0);
    CHECK_EQ(tla_tuple_parse(&t, "(1,2,3,4,5,6,7,8,9)", &e), -1);
    CHECK_EQ(e.pos, 17);
    CHECK_EQ(tla_tuple_parse(&t, "((1,2,3,4,5,6,7,8),(1,2,3,4,5,6,7,8),(1,2,3,4,5,6,7,8),(1,2,3,4,5,6,7,8),(1))", &e),
             -1);
    CHECK(strstr(e.msg, "32") != NULL);
    /* tokens run out before leaves: 8 x (((x))) */
    CHECK_EQ(tla_tuple_parse(&t, "((((1))),(((1))),(((1))),(((1))),(((1))),(((1))),(((1))),(((1))))", &e), 0);
    CHECK_EQ(t.ntok, 58);
    {
        char s[512] = "(";
        int i;
        for (i = 0; i < 8; i++) strcat(s, i ? ",((1,(1,1,1,1,1,1,1)))" : "((1,(1,1,1,1,1,1,1)))");
        strcat(s, ")");
        CHECK_EQ(tla_tuple_parse(&t, s, &e), -1); /* 64 leaves, caught on leaves or tokens */
    }

    /* parse_tuple_at advances past one tuple */
    pos = 0;
    CHECK_EQ(tla_tuple_parse_at(&t, "(1,2) , 3", &pos, &e), 0);
    CHECK_EQ(pos, 5);
    pos = 7;
    CHECK_EQ(tla_tuple_parse_at(&t, "(1,2) , 3", &pos, &e), 0);
    CHECK_EQ(pos, 9);
    CHECK_STR(PT(&t), "3");
    pos = 2;
    CHECK_EQ(tla_tuple_parse_at(&t, "(1,x)", &pos, &e), -1);
    CHECK_EQ(pos, 2); /* untouched on error */

    /* layouts */
    l = L("((4,2),(_4,3)):((4,16),(1,32))");
    CHECK_STR(PL(&l), "((4,2),(_4,3)):((4,16),(1,32))");
    l = L(" ( 2 , 3 ) : ( 3 , -1 ) ");
    CHECK_STR(PL(&l), "(2,3):(3,-1)");
    l = L("6:1");
    CHECK_STR(PL(&l), "6:1");
    CHECK_EQ(tla_layout_parse(&l, "(2,3)", &e), -1);
    CHECK_EQ(e.pos, 5);
    CHECK(strstr(e.msg, "expected ':'") != NULL);
    CHECK_EQ(tla_layout_parse(&l, "(2,3):(1,2,3)", &e), -1);
    CHECK_EQ(e.pos, 6);
    CHECK(strstr(e.msg, "congruent") != NULL);
    CHECK_EQ(tla_layout_parse(&l, "(2,3):", &e), -1);
    CHECK_EQ(e.pos, 6);
    CHECK_EQ(tla_layout_parse(&l, "(2,3):(1,2) x", &e), -1);
    CHECK_EQ(e.pos, 12);
    CHECK_EQ(tla_layout_parse(&l, "(2,-3):(1,2)", &e), -1);
    CHECK(strstr(e.msg, "negative") != NULL);
    CHECK_EQ(tla_layout_parse(&l, "(4294967296,4294967296):(1,1)", &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    CHECK_EQ(tla_tuple_parse(&t, "(1,\x01)", &e), -1);
    CHECK(strstr(e.msg, "0x01") != NULL);
}

/* ---- printing */

static void test_print(void) {
    tla_layout l = L("(_2,4):(_12,_1)");
    char buf[8];
    CHECK_EQ(tla_layout_snprint(NULL, 0, &l), 15);
    CHECK_EQ(tla_layout_snprint(buf, sizeof buf, &l), 15);
    CHECK_STR(buf, "(_2,4):");
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(tla_layout_snprint(buf, 1, &l), 15);
    CHECK_EQ(buf[0], '\0');
    CHECK_EQ(buf[1], 'x');
    CHECK_EQ(tla_tuple_snprint(buf, 3, &l.shape), 6);
    CHECK_STR(buf, "(_");
    CHECK_EQ(tla_layout_snprint_grid(NULL, 0, &l), 171); /* the last golden block */
    {
        tla_layout big = L("(2,2):(4611686018427387904,4611686018427387904)");
        char g[256];
        CHECK_EQ(tla_layout_snprint_grid(g, sizeof g, &big), -1); /* cosize overflows */
        CHECK_STR(g, "(2,2):(4611686018427387904,4611686018427387904)\n");
    }
    {
        tla_layout one = L("(3):(2)");
        char g[64];
        CHECK_EQ(tla_layout_snprint_grid(g, sizeof g, &one), 8);
        CHECK_STR(g, "(3):(2)\n");
    }
    {
        /* negative strides widen the cells to fit the sign */
        tla_layout neg = L("(2,2):(-1,1)");
        char g[256];
        tla_layout_snprint_grid(g, sizeof g, &neg);
        CHECK_STR(g, "(2,2):(-1,1)\n"
                     "       0    1 \n"
                     "    +----+----+\n"
                     " 0  |  0 |  1 |\n"
                     "    +----+----+\n"
                     " 1  | -1 |  0 |\n"
                     "    +----+----+\n");
    }
}

/* The four golden grids, byte for byte: every line that does not start with a
 * space is a layout; print its grid and compare with the lines that follow. */
static void test_golden(void) {
    static char file[16384], got[16384];
    FILE *f = fopen("tests/golden/print_layout.txt", "rb");
    size_t n, at = 0;
    int count = 0;
    CHECK(f != NULL);
    if (!f) return;
    n = fread(file, 1, sizeof file - 1, f);
    fclose(f);
    file[n] = '\0';
    while (at < n) {
        char line[256];
        size_t end = at, blk;
        tla_layout l;
        int len;
        while (end < n && file[end] != '\n') end++;
        if (end - at >= sizeof line) break;
        memcpy(line, file + at, end - at);
        line[end - at] = '\0';
        l = L(line);
        /* the block runs to the next line that starts with '(' */
        blk = end + 1;
        while (blk < n && file[blk] != '(') {
            while (blk < n && file[blk] != '\n') blk++;
            blk++;
        }
        if (blk > n) blk = n;
        len = tla_layout_snprint_grid(got, sizeof got, &l);
        CHECK_EQ(len, (long long)(blk - at));
        CHECK(len > 0 && (size_t)len == blk - at && memcmp(got, file + at, blk - at) == 0);
        if (!(len > 0 && (size_t)len == blk - at && memcmp(got, file + at, blk - at) == 0))
            printf("  golden mismatch for %s:\n%s", line, got);
        count++;
        at = blk;
    }
    CHECK_EQ(count, 4);
}

/* ---- layouts */

static void test_layouts(void) {
    tla_layout l, s;
    tla_tuple t, c;
    tla_error e;
    int64_t v = -5;
    int path[2] = {1, 0};

    l = L("((4,2),(4,3)):((4,16),(1,32))");
    CHECK_EQ(tla_layout_rank(&l), 2);
    CHECK_EQ(tla_layout_depth(&l), 2);
    CHECK_EQ(tla_layout_size(&v, &l, &e), 0);
    CHECK_EQ(v, 96);
    CHECK_EQ(tla_layout_cosize(&v, &l, &e), 0);
    CHECK_EQ(v, 96);
    CHECK_EQ(tla_layout_origin(&l, 0), 8);
    CHECK_EQ(tla_layout_origin(&l, 1), 12);
    CHECK_EQ(tla_layout_origin(&l, 2), -1);
    CHECK_EQ(tla_layout_get(&s, &l, 1, path, &e), 0);
    CHECK_STR(PL(&s), "(4,3):(1,32)");
    CHECK_EQ(tla_layout_get(&s, &l, 2, path, &e), 0);
    CHECK_STR(PL(&s), "4:1");
    path[0] = 2;
    CHECK_EQ(tla_layout_get(&s, &l, 1, path, &e), -1);

    /* origin */
    t = T("(7,10)");
    CHECK_EQ(tla_layout_set_origin(&l, &t, &e), 0);
    CHECK_EQ(tla_layout_origin(&l, 0), 7);
    CHECK_EQ(tla_layout_origin(&l, 1), 10);
    t = T("(7,10,1)");
    CHECK_EQ(tla_layout_set_origin(&l, &t, &e), -1);
    CHECK(strstr(e.msg, "rank") != NULL);
    t = T("(7,(1,2))");
    CHECK_EQ(tla_layout_set_origin(&l, &t, &e), -1);
    t = T("(7,-1)");
    CHECK_EQ(tla_layout_set_origin(&l, &t, &e), -1);
    CHECK_EQ(tla_layout_origin(&l, 1), 10);
    s = L("(8,3):(1,8)");
    path[0] = 1;
    s.has_origin = 1, s.origin[0] = 5, s.origin[1] = 2;
    CHECK_EQ(tla_layout_get(&l, &s, 1, path, &e), 0);
    CHECK_EQ(tla_layout_origin(&l, 0), 2);

    /* make */
    t = T("(2,3)");
    c = T("(1,(2,3))");
    CHECK_EQ(tla_layout_make(&l, &t, &c, &e), -1);
    CHECK(strstr(e.msg, "congruent") != NULL);
    CHECK_EQ(tla_layout_make_compact(&l, &c, &e), 0);
    CHECK_STR(PL(&l), "(1,(2,3)):(_1,(1,2))");
    t = T("(_4,(_2,3),5)");
    CHECK_EQ(tla_layout_make_compact(&l, &t, &e), 0);
    CHECK_STR(PL(&l), "(_4,(_2,3),5):(_1,(_4,_8),24)");

    /* cosize */
    l = L("(4,3):(-1,4)");
    CHECK_EQ(tla_layout_cosize(&v, &l, &e), 0);
    CHECK_EQ(v, 9); /* offsets -3..8 */
    l = L("(4,0):(1,4)");
    CHECK_EQ(tla_layout_cosize(&v, &l, &e), 0);
    CHECK_EQ(v, 0);
    l = L("(4,3):(0,0)");
    CHECK_EQ(tla_layout_cosize(&v, &l, &e), 0);
    CHECK_EQ(v, 1);
    l = L("(2,2):(9223372036854775807,1)");
    v = 3;
    CHECK_EQ(tla_layout_cosize(&v, &l, &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    CHECK_EQ(v, 3);
    CHECK(tla_layout_equal(&l, &l));
}

/* ---- crd2offset and idx2crd */

static int64_t off(const char *crd, const char *layout) {
    tla_layout l = L(layout);
    tla_tuple c = T(crd);
    tla_error e;
    int64_t v = -999;
    if (tla_layout_crd2offset(&v, &l, &c, &e) != 0) printf("  crd2offset(%s, %s): %s\n", crd, layout, e.msg);
    return v;
}

static void test_crd2offset(void) {
    tla_layout l;
    tla_tuple c, s, d;
    tla_error e;
    int64_t v = 11;

    CHECK_EQ(off("(1,5)", "((4,2),(4,3)):((4,16),(1,32))"), 37);
    CHECK_EQ(off("((1,0),(1,1))", "((4,2),(4,3)):((4,16),(1,32))"), 37);
    CHECK_EQ(off("(1,(1,1))", "((4,2),(4,3)):((4,16),(1,32))"), 37);
    CHECK_EQ(off("37", "((4,2),(4,3)):((4,16),(1,32))"),
             4 * 1 + 16 * 1 + 1 * 0 + 32 * 1); /* 37 = 1 + 4*(1+2*(0+4*1)) */
    CHECK_EQ(off("(1,2)", "(2,3):(3,1)"), 5);
    CHECK_EQ(off("5", "(2,3):(3,1)"), 5);
    CHECK_EQ(off("(7)", "7:2"), 14); /* rank-1 tuple on an integer mode */
    CHECK_EQ(off("9", "(2,3):(1,2)"), 1 + 4 * 2); /* last mode takes the remainder: 9 -> (1,4) */
    CHECK_EQ(off("(1,5)", "(2,3):(1,2)"), 11); /* coordinates are not bounded */
    CHECK_EQ(off("-1", "(2,3):(1,2)"), -1);

    s = T("((4,2),(4,3))");
    d = T("((4,16),(1,32))");
    c = T("(1,5)");
    CHECK_EQ(tla_tuple_crd2offset(&v, &c, &s, &d, &e), 0);
    CHECK_EQ(v, 37);
    d = T("(4,16,1,32)");
    CHECK_EQ(tla_tuple_crd2offset(&v, &c, &s, &d, &e), -1);

    l = L("((4,2),(4,3)):((4,16),(1,32))");
    c = T("(1,2,3)");
    v = 11;
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "rank 3") != NULL);
    CHECK_EQ(v, 11);
    c = T("((1,2,3),1)");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "at mode 0") != NULL);
    c = T("(1,(1,(1,1)))");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "at mode 1.1") != NULL);
    l = L("(2,3):(4611686018427387904,1)");
    c = T("(2,0)");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    l = L("(2,3):(4611686018427387903,4611686018427387903)");
    c = T("(1,2)");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
    l = L("(0,3):(1,1)");
    c = T("4");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "size 0") != NULL);
    c = T("-9223372036854775808");
    l = L("(2,3):(1,2)");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), 0); /* -2^62 * 2 just fits */
    CHECK_EQ(v, INT64_MIN);
    l = L("(2,3):(1,3)");
    CHECK_EQ(tla_layout_crd2offset(&v, &l, &c, &e), -1);
    CHECK(strstr(e.msg, "overflow") != NULL);
}

static const char *crd(int64_t i, const char *shape) {
    static char buf[8][256];
    static int k;
    tla_tuple s = T(shape), c;
    tla_error e;
    k = (k + 1) % 8;
    if (tla_tuple_idx2crd(&c, &s, i, &e) != 0) {
        snprintf(buf[k], sizeof buf[k], "error: %s", e.msg);
        return buf[k];
    }
    tla_tuple_snprint(buf[k], sizeof buf[k], &c);
    return buf[k];
}

static void test_idx2crd(void) {
    tla_tuple s, c;
    tla_layout l;
    tla_error e;
    int64_t i, a = 0, b = 0;

    CHECK_STR(crd(6, "((2,2,4))"), "((0,1,1))");
    CHECK_STR(crd(14, "(3,(2,4,2))"), "(2,(0,2,0))");
    CHECK_STR(crd(5, "6"), "5");
    CHECK_STR(crd(4, "(6)"), "(4)");
    CHECK_STR(crd(47, "(8,6)"), "(7,5)");
    CHECK_STR(crd(50, "(8,6)"), "(2,6)"); /* past the end: the last mode keeps the rest */
    CHECK_STR(crd(50, "((4,2),3)"), "((2,0),6)");
    CHECK_STR(crd(9, "6"), "9");
    CHECK_STR(crd(0, "(_4,_2)"), "(0,0)"); /* coordinates are dynamic */
    CHECK(strstr(crd(3, "(0,4)"), "size 0") != NULL);
    CHECK_STR(crd(3, "(4,0)"), "(3,0)");

    /* idx2crd inverts the integer split of crd2offset, in range and past it. */
    l = L("((4,2),(3,(2,2))):((1,100),(7,(1000,10000)))");
    for (i = 0; i < 150; i++) {
        tla_tuple ii = tla_tuple_leaf(i, 0);
        tla_tuple_idx2crd(&c, &l.shape, i, &e);
        tla_layout_crd2offset(&a, &l, &ii, &e);
        tla_layout_crd2offset(&b, &l, &c, &e);
        if (a != b) break;
    }
    CHECK_EQ(i, 150);
    s = T("(2,3)");
    c = tla_tuple_leaf(77, 0);
    CHECK_EQ(tla_tuple_idx2crd(&c, &s, 1, &e), 0);
    CHECK_STR(PT(&c), "(1,0)");
}

/* ---- formats and tiles */

static const char *fmt(enum tla_format f, int bytes, int64_t r, int64_t c, int flags) {
    static char buf[8][256];
    static int k;
    tla_layout l;
    tla_error e;
    k = (k + 1) % 8;
    if (tla_layout_format_ex(&l, f, bytes, r, c, flags, &e) != 0)
        snprintf(buf[k], sizeof buf[k], "error: %s", e.msg);
    else
        tla_layout_snprint(buf[k], sizeof buf[k], &l);
    return buf[k];
}

static void test_formats(void) {
    enum tla_format f = TLA_VECTOR;
    tla_layout l;
    tla_error e;

    CHECK_STR(fmt(TLA_ROW_MAJOR, 2, 3, 5, 0), "(3,5):(5,_1)");
    CHECK_STR(fmt(TLA_COLUMN_MAJOR, 2, 3, 5, 0), "(3,5):(_1,3)");
    CHECK_STR(fmt(TLA_ROW_MAJOR, 0, 3, 5, TLA_COLS_STATIC), "(3,_5):(_5,_1)");
    CHECK_STR(fmt(TLA_COLUMN_MAJOR, 0, 3, 5, TLA_ROWS_STATIC), "(_3,5):(_1,_3)");
    CHECK_STR(fmt(TLA_ZN, 2, 32, 48, 0), "((_16,2),(_16,3)):((_16,_256),(_1,512))");
    CHECK_STR(fmt(TLA_ZN, 2, 32, 48, TLA_ROWS_STATIC | TLA_COLS_STATIC), "((_16,_2),(_16,_3)):((_16,_256),(_1,_512))");
    CHECK_STR(fmt(TLA_ZN, 4, 20, 20, 0), "((_16,2),(_8,3)):((_8,_128),(_1,256))");
    CHECK_STR(fmt(TLA_ZN, 1, 100, 100, 0), "((_16,7),(_32,4)):((_32,_512),(_1,3584))");
    CHECK_STR(fmt(TLA_ZZ, 2, 32, 48, 0), "((_16,2),(_16,3)):((_16,768),(_1,_256))");
    CHECK_STR(fmt(TLA_ZZ, 2, 32, 48, TLA_ROWS_STATIC), "((_16,_2),(_16,3)):((_16,768),(_1,_256))");
    CHECK_STR(fmt(TLA_NZ, 2, 32, 48, 0), "((_16,2),(_16,3)):((_1,768),(_16,_256))");
    CHECK_STR(fmt(TLA_NZ, 4, 20, 20, 0), "((_8,3),(_16,2)):((_1,256),(_8,_128))");
    CHECK_STR(fmt(TLA_NN, 2, 32, 48, 0), "((_16,2),(_16,3)):((_1,_256),(_16,512))");
    CHECK_STR(fmt(TLA_NN, 4, 20, 20, TLA_ROWS_STATIC), "((_8,_3),(_16,2)):((_1,_128),(_8,_384))");
    CHECK_STR(fmt(TLA_L0C, 4, 20, 40, 0), "((_16,2),(_16,3)):((_16,_256),(_1,512))");
    CHECK_STR(fmt(TLA_L0C, 99, 20, 40, 0), "((_16,2),(_16,3)):((_16,_256),(_1,512))"); /* ignores elem size */
    CHECK_STR(fmt(TLA_VECTOR, 0, 7, 0, 0), "(7):(_1)");
    CHECK_STR(fmt(TLA_VECTOR, 0, 7, 0, TLA_ROWS_STATIC), "(_7):(_1)");
    CHECK_STR(fmt(TLA_ZN, 2, 0, 0, 0), "((_16,0),(_16,0)):((_16,_256),(_1,0))");
    CHECK(strstr(fmt(TLA_ZN, 3, 32, 48, 0), "1, 2 or 4") != NULL);
    CHECK(strstr(fmt(TLA_ZN, 2, -1, 48, 0), ">= 0") != NULL);
    CHECK(strstr(fmt(TLA_ZN, 2, INT64_MAX, 48, 0), "too large") != NULL);
    CHECK(strstr(fmt(TLA_ZZ, 2, 1, INT64_MAX - 3, 0), "too large") != NULL);
    CHECK(strstr(fmt((enum tla_format)42, 2, 1, 1, 0), "unknown") != NULL);

    CHECK_EQ(tla_layout_format(&l, TLA_ZN, 2, 100, 90, &e), 0);
    CHECK_EQ(tla_layout_origin(&l, 0), 100);
    CHECK_EQ(tla_layout_origin(&l, 1), 90);
    CHECK_STR(PL(&l), "((_16,7),(_16,6)):((_16,_256),(_1,1792))");

    CHECK_EQ(tla_format_from_name("zN", &f), 0);
    CHECK_EQ(f, TLA_ZN);
    CHECK_EQ(tla_format_from_name("ColumnMajor", &f), 0);
    CHECK_EQ(f, TLA_COLUMN_MAJOR);
    CHECK_EQ(tla_format_from_name("l0c", &f), 0);
    CHECK_EQ(f, TLA_L0C);
    CHECK_EQ(tla_format_from_name("ZN", &f), -1);
    CHECK_EQ(f, TLA_L0C);
    CHECK_EQ(tla_elem_bytes("half"), 2);
    CHECK_EQ(tla_elem_bytes("bf16"), 2);
    CHECK_EQ(tla_elem_bytes("float"), 4);
    CHECK_EQ(tla_elem_bytes("f32"), 4);
    CHECK_EQ(tla_elem_bytes("int8"), 1);
    CHECK_EQ(tla_elem_bytes("s8"), 1);
    CHECK_EQ(tla_elem_bytes("int32"), 4);
    CHECK_EQ(tla_elem_bytes("s32"), 4);
    CHECK_EQ(tla_elem_bytes("f16"), 2);
    CHECK_EQ(tla_elem_bytes("double"), -1);
}

static void test_tiles(void) {
    tla_layout l, t;
    tla_tuple tile, c;
    tla_error e;
    int64_t o = -1;

    l = L("((4,2),(4,3)):((4,16),(1,32))");
    tile = T("(4,4)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "((4,1),(4,1)):((4,16),(1,32))");
    l = L("((_4,_2),(_4,_3)):((_4,_16),(_1,_32))");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "((_4,1),(_4,1)):((_4,_16),(_1,_32))");
    tile = T("(5,9)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "((_4,2),(_4,3)):((_4,_16),(_1,_32))");
    CHECK_EQ(tla_layout_origin(&t, 0), 5);
    CHECK_EQ(tla_layout_origin(&t, 1), 9);

    l = L("(8,6):(6,_1)");
    tile = T("(2,_3)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "(2,_3):(6,_1)");
    l = L("(8):(1)");
    tile = T("(3)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "(3):(1)");
    l = L("8:1");
    tile = T("3");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), 0);
    CHECK_STR(PL(&t), "3:1");

    l = L("(8,6):(6,1)");
    tile = T("(2,3,4)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), -1);
    CHECK(strstr(e.msg, "rank") != NULL);
    tile = T("(2,(3,4))");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), -1);
    CHECK(strstr(e.msg, "integer") != NULL);
    l = L("((2,2,2),6):((1,2,4),8)");
    tile = T("(2,3)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), -1);
    CHECK(strstr(e.msg, "mode 0") != NULL);
    l = L("((0,2),6):((1,2),8)");
    CHECK_EQ(tla_layout_make_tile(&t, &l, &tile, &e), -1);

    /* GetTile on a 100 x 90 zN half matrix: a tail tile. */
    tla_layout_format(&l, TLA_ZN, 2, 100, 90, &e);
    tile = T("(32,32)");
    c = T("(96,64)");
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), 0);
    CHECK_STR(PL(&t), "((_16,2),(_16,2)):((_16,_256),(_1,1792))");
    CHECK_EQ(tla_layout_origin(&t, 0), 4);
    CHECK_EQ(tla_layout_origin(&t, 1), 26);
    CHECK_EQ(o, 0 * 16 + 6 * 256 + 0 + 4 * 1792);
    c = T("(16,32)");
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), 0);
    CHECK_EQ(tla_layout_origin(&t, 0), 32);
    CHECK_EQ(o, 256 + 2 * 1792);
    /* past the originShape: an empty tile (extent 0), as in CATLASS */
    c = T("(101,0)");
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), 0);
    CHECK_EQ(tla_layout_origin(&t, 0), 0);
    CHECK_EQ(tla_layout_origin(&t, 1), 32);
    /* a negative coordinate is an error, and the outputs stay untouched */
    c = T("(-1,0)");
    o = -7;
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), -1);
    CHECK(strstr(e.msg, "negative") != NULL);
    CHECK_EQ(o, -7);
    c = T("(1,2,3)");
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), -1);
    l = L("10:1");
    tile = T("4");
    c = T("8");
    CHECK_EQ(tla_layout_get_tile(&t, &o, &l, &tile, &c, &e), 0);
    CHECK_STR(PL(&t), "4:1");
    CHECK_EQ(tla_layout_origin(&t, 0), 2);
    CHECK_EQ(o, 8);
}

/* ---- tests/algebra.tsv: crd2offset, size, cosize, idx2crd lines */

/* Split line at tabs into at most 8 fields. */
static int split_tabs(char *line, char **f) {
    int n = 0;
    f[n++] = line;
    for (; *line && n < 8; line++)
        if (*line == '\t') {
            *line = '\0';
            f[n++] = line + 1;
        }
    return n;
}

static void test_vectors(void) {
    static char line[1024];
    FILE *fp = fopen("tests/algebra.tsv", "r");
    int ran = 0, bad = 0, lineno = 0;
    CHECK(fp != NULL);
    if (!fp) return;
    while (fgets(line, sizeof line, fp)) {
        char *f[8], *want, got[256];
        int n, ok = 0;
        tla_error e;
        size_t len = strlen(line);
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        n = split_tabs(line, f);
        if (n < 2 || strncmp(f[n - 1], "=> ", 3) != 0) continue;
        want = f[n - 1] + 3;
        got[0] = '\0';
        if (!strcmp(f[0], "crd2offset") && n == 4) {
            tla_tuple c;
            tla_layout l;
            int64_t v;
            ok = tla_tuple_parse(&c, f[1], &e) == 0 && tla_layout_parse(&l, f[2], &e) == 0
                 && tla_layout_crd2offset(&v, &l, &c, &e) == 0;
            if (ok) snprintf(got, sizeof got, "%lld", (long long)v);
        } else if ((!strcmp(f[0], "size") || !strcmp(f[0], "cosize")) && n == 3) {
            tla_layout l;
            int64_t v;
            ok = tla_layout_parse(&l, f[1], &e) == 0
                 && (f[0][0] == 's' ? tla_layout_size(&v, &l, &e) : tla_layout_cosize(&v, &l, &e)) == 0;
            if (ok) snprintf(got, sizeof got, "%lld", (long long)v);
        } else if (!strcmp(f[0], "idx2crd") && n == 4) {
            tla_tuple i, s, c;
            ok = tla_tuple_parse(&i, f[1], &e) == 0 && tla_tuple_is_int(&i) && tla_tuple_parse(&s, f[2], &e) == 0
                 && tla_tuple_idx2crd(&c, &s, i.val[0], &e) == 0;
            if (ok) tla_tuple_snprint(got, sizeof got, &c);
        } else {
            continue; /* other operations: a later milestone */
        }
        ran++;
        if (!ok || strcmp(got, want) != 0) {
            bad++;
            printf("  algebra.tsv:%d: %s %s: got \"%s\"%s%s, expected \"%s\"\n", lineno, f[0], f[1], got,
                   ok ? "" : " error ", ok ? "" : e.msg, want);
        }
    }
    fclose(fp);
    CHECK_EQ(bad, 0);
    CHECK_EQ(ran, 212); /* every crd2offset/size/cosize/idx2crd line ran */
}

int main(void) {
    test_tuples();
    test_parse();
    test_print();
    test_golden();
    test_layouts();
    test_crd2offset();
    test_idx2crd();
    test_formats();
    test_tiles();
    test_vectors();
    CHECK_DONE();
}
