/* tests/ixmap_cases.h - the example cases of tests/test_ixmap.c: the seed's HLO examples
 * (seeds/002: its maps in XLA's current print form), XLA's indexing_analysis_test.cc, the
 * simplifier cases of spec 4, the parser, layouts. */

static void seed_cases(void) {
    /* elementwise */
    const char *add = "p0 = f32[10, 20] parameter(0)\np1 = f32[10, 20] parameter(1)\nadd = f32[10, 20] add(p0, p1)\n";
    const char *bc = "p0 = f32[20] parameter(0)\nbc0 = f32[10, 20, 30] broadcast(p0), dimensions={1}\n";
    const char *red = "p0 = f32[256,10] parameter(0)\np0_init = f32[] constant(-inf)\np1 = s32[256,10] parameter(1)\n"
                      "p1_init = s32[] constant(0)\nreduce = (f32[10], s32[10]) reduce(p0, p1, p0_init, p1_init),\n"
                      "dimensions={0}, to_apply=max\n";
    const char *sl = "p0 = f32[10, 20, 50] parameter(0)\nslice = f32[5, 3, 25] slice(f32[10, 20, 50] p0),\n"
                     "slice={[5:10:1], [3:20:7], [0:50:2]}\n";
    const char *concat =
        "p0 = f32[2, 5, 7] parameter(0)\np1 = f32[2, 11, 7] parameter(1)\np2 = f32[2, 17, 7] parameter(2)\n"
        "ROOT concat = f32[2, 33, 7] concatenate(f32[2, 5, 7] p0, f32[2, 11, 7] p1, f32[2, 17, 7] p2), "
        "dimensions={1}\n";
    const char *dot =
        "p0 = f32[4, 128, 256] parameter(0)\np1 = f32[4, 256, 64] parameter(1)\ndot = f32[4, 128, 64] dot(p0, p1),\n"
        "lhs_batch_dims={0}, rhs_batch_dims={0},\nlhs_contracting_dims={2}, rhs_contracting_dims={1}\n";
    HLO(add, 'o', 0,
        "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]"
        "operand id = 1 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]");
    HLO(add, 'i', 1, "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]");
    /* broadcast */
    HLO(bc, 'o', 0, "operand id = 0 (d0, d1, d2) -> (d1), domain: d0 in [0, 9], d1 in [0, 19], d2 in [0, 29]");
    HLO(bc, 'i', 0, "operand id = 0 (d0)[s0, s1] -> (s0, d0, s1), domain: d0 in [0, 19], s0 in [0, 9], s1 in [0, 29]");
    /* constant and iota: no operands, no maps */
    HLO("c = f32[4] constant({1, 2, 3, 4})", 'o', 0, "");
    HLO("i = s32[5,5,111,42] iota(), iota_dimension=0", 'o', 0, "");
    /* dynamic-slice (the seed leaves out its shape) */
    HLO("src = s32[2,2,258] parameter(0)\nof1 = s32[] parameter(1)\nof2 = s32[] parameter(2)\nof3 = s32[] "
        "parameter(3)\n"
        "ds = dynamic-slice(s32[2,2,258] src, s32[] of1, s32[] of2, s32[] of3), dynamic_slice_sizes={1, 2, 32}\n",
        'o', 0,
        "operand id = 0 (d0, d1, d2){rt0, rt1, rt2} -> (d0 + rt0, d1 + rt1, d2 + rt2), domain: d0 in [0, 0], d1 in [0, "
        "1], "
        "d2 in [0, 31], rt0 in [0, 1], rt1 in [0, 0], rt2 in [0, 226]"
        "runtime variables:"
        "rt0: %of1 = s32[] parameter(1); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "rt1: %of2 = s32[] parameter(2); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "rt2: %of3 = s32[] parameter(3); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 1 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 2 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 3 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]");
    /* dynamic-update-slice (over two lines) */
    HLO("src = s32[20,30] parameter(0)\nupd = s32[5,10] parameter(1)\nof1 = s32[] parameter(2)\nof2 = s32[] "
        "parameter(3)\n"
        "dus = s32[20,30] dynamic-update-slice(\ns32[20,30] src, s32[5,10] upd, s32[] of1, s32[] of2)\n",
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 19], d1 in [0, 29]"
        "operand id = 1 (d0, d1){rt0, rt1} -> (d0 - rt0, d1 - rt1), domain: d0 in [0, 19], d1 in [0, 29], rt0 in [0, "
        "15], "
        "rt1 in [0, 20] runtime variables:"
        "rt0: %of1 = s32[] parameter(2); (d0, d1) -> (), domain: d0 in [0, 19], d1 in [0, 29]"
        "rt1: %of2 = s32[] parameter(3); (d0, d1) -> (), domain: d0 in [0, 19], d1 in [0, 29]"
        "operand id = 2 (d0, d1) -> (), domain: d0 in [0, 19], d1 in [0, 29]"
        "operand id = 3 (d0, d1) -> (), domain: d0 in [0, 19], d1 in [0, 29]");
    /* gather */
    HLO("operand = f32[33,76,70] parameter(0)\nindices = s32[1806,2] parameter(1)\n"
        "gather = f32[1806,7,8,4] gather(operand, indices),\noffset_dims={1,2,3},\ncollapsed_slice_dims={},\n"
        "start_index_map={0,1},\nindex_vector_dim=1,\nslice_sizes={7,8,4}\n",
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3){rt0, rt1} -> (d1 + rt0, d2 + rt1, d3), domain: d0 in [0, 1805], d1 in [0, 6], "
        "d2 in [0, 7], d3 in [0, 3], rt0 in [0, 26], rt1 in [0, 68] runtime variables:"
        "rt0: %indices = s32[1806,2]{1,0} parameter(1); (d0, d1, d2, d3) -> (d0, 0), domain: d0 in [0, 1805], d1 in "
        "[0, 6], "
        "d2 in [0, 7], d3 in [0, 3]"
        "rt1: %indices = s32[1806,2]{1,0} parameter(1); (d0, d1, d2, d3) -> (d0, 1), domain: d0 in [0, 1805], d1 in "
        "[0, 6], "
        "d2 in [0, 7], d3 in [0, 3]"
        "operand id = 1 (d0, d1, d2, d3)[s0] -> (d0, s0), domain: d0 in [0, 1805], d1 in [0, 6], d2 in [0, 7], d3 in "
        "[0, 3], "
        "s0 in [0, 1]");
    /* transpose */
    {
        const char *tr = "p0 = f32[3, 12288, 6, 128] parameter(0)\n"
                         "transpose = f32[3, 6, 128, 12288] transpose(p0), dimensions={0, 2, 3, 1}\n";
        HLO(tr, 'o', 0,
            "operand id = 0 (d0, d1, d2, d3) -> (d0, d3, d1, d2), domain: d0 in [0, 2], d1 in [0, 5], d2 in [0, 127], "
            "d3 in [0, 12287]");
        HLO(tr, 'i', 0,
            "operand id = 0 (d0, d1, d2, d3) -> (d0, d2, d3, d1), domain: d0 in [0, 2], d1 in [0, 12287], d2 in [0, "
            "5], "
            "d3 in [0, 127]");
    }
    /* reverse */
    {
        const char *rv =
            "p0 = f32[1, 17, 9, 9] parameter(0)\nreverse = f32[1, 17, 9, 9] reverse(p0), dimensions={1, 2}\n";
        const char *want = "operand id = 0 (d0, d1, d2, d3) -> (d0, -d1 + 16, -d2 + 8, d3), domain: d0 in [0, 0], "
                           "d1 in [0, 16], d2 in [0, 8], d3 in [0, 8]";
        HLO(rv, 'o', 0, want);
        HLO(rv, 'i', 0, want);
    }
    /* variadic reduce */
    HLO(red, 'o', 0,
        "operand id = 0 (d0)[s0] -> (s0, d0), domain: d0 in [0, 9], s0 in [0, 255]"
        "operand id = 1 (d0)[s0] -> (s0, d0), domain: d0 in [0, 9], s0 in [0, 255]"
        "operand id = 2 (d0) -> (), domain: d0 in [0, 9]"
        "operand id = 3 (d0) -> (), domain: d0 in [0, 9]");
    HLO(red, 'i', 0,
        "operand id = 0 (d0, d1) -> (d1), domain: d0 in [0, 255], d1 in [0, 9]"
        "operand id = 1 (d0, d1) -> (d1), domain: d0 in [0, 255], d1 in [0, 9]");
    HLO(red, 'i', 2,
        "operand id = 0 ()[s0] -> (s0), domain: s0 in [0, 9]"
        "operand id = 1 ()[s0] -> (s0), domain: s0 in [0, 9]");
    /* slice */
    HLO(sl, 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 + 5, d1 * 7 + 3, d2 * 2), domain: d0 in [0, 4], d1 in [0, 2], d2 in [0, "
        "24]");
    HLO(sl, 'i', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 - 5, (d1 - 3) floordiv 7, d2 floordiv 2), domain: d0 in [5, 9], d1 in [3, "
        "17], "
        "d2 in [0, 48], (d1 - 3) mod 7 in [0, 0], d2 mod 2 in [0, 0]");
    /* reshapes: collapse, expand, generic */
    HLO("p0 = f32[4,8] parameter(0)\nreshape = f32[32] reshape(p0)\n", 'o', 0,
        "operand id = 0 (d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]");
    HLO("p0 = f32[4,8] parameter(0)\nreshape = f32[32] reshape(p0)\n", 'i', 0,
        "operand id = 0 (d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]");
    HLO("p0 = f32[32] parameter(0)\nreshape = f32[4, 8] reshape(p0)\n", 'o', 0,
        "operand id = 0 (d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]");
    HLO("p0 = f32[32] parameter(0)\nreshape = f32[4, 8] reshape(p0)\n", 'i', 0,
        "operand id = 0 (d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]");
    /* the seed prints the older order `d2 + (d1 mod 2) * 4`; XLA today sorts the summands */
    HLO("p0 = f32[4,8] parameter(0)\nreshape = f32[2, 4, 4] reshape(p0)\n", 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 * 2 + d1 floordiv 2, (d1 mod 2) * 4 + d2), domain: d0 in [0, 1], d1 in [0, "
        "3], "
        "d2 in [0, 3]");
    HLO("p0 = f32[4,8] parameter(0)\nreshape = f32[2, 4, 4] reshape(p0)\n", 'i', 0,
        "operand id = 0 (d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 2 + d1 floordiv 4, d1 mod 4), domain: d0 in [0, 3], "
        "d1 in [0, 7]");
    HLO("p0 = f32[4, 8, 12] parameter(0)\nreshape = f32[32, 3, 4] reshape(p0)\n", 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 floordiv 8, d0 mod 8, d1 * 4 + d2), domain: d0 in [0, 31], d1 in [0, 2], "
        "d2 in [0, 3]");
    HLO("p0 = f32[4, 8, 12] parameter(0)\nreshape = f32[32, 3, 4] reshape(p0)\n", 'i', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 * 8 + d1, d2 floordiv 4, d2 mod 4), domain: d0 in [0, 3], d1 in [0, 7], "
        "d2 in [0, 11]");
    /* concatenate */
    HLO(concat, 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 1], d1 in [0, 4], d2 in [0, 6]"
        "operand id = 1 (d0, d1, d2) -> (d0, d1 - 5, d2), domain: d0 in [0, 1], d1 in [5, 15], d2 in [0, 6]"
        "operand id = 2 (d0, d1, d2) -> (d0, d1 - 16, d2), domain: d0 in [0, 1], d1 in [16, 32], d2 in [0, 6]");
    HLO(concat, 'i', 0,
        "operand id = 0 (d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 1], d1 in [0, 4], d2 in [0, 6]");
    HLO(concat, 'i', 1,
        "operand id = 0 (d0, d1, d2) -> (d0, d1 + 5, d2), domain: d0 in [0, 1], d1 in [0, 10], d2 in [0, 6]");
    HLO(concat, 'i', 2,
        "operand id = 0 (d0, d1, d2) -> (d0, d1 + 16, d2), domain: d0 in [0, 1], d1 in [0, 16], d2 in [0, 6]");
    /* dot */
    HLO(dot, 'o', 0,
        "operand id = 0 (d0, d1, d2)[s0] -> (d0, d1, s0), domain: d0 in [0, 3], d1 in [0, 127], d2 in [0, 63], s0 in "
        "[0, 255]"
        "operand id = 1 (d0, d1, d2)[s0] -> (d0, s0, d2), domain: d0 in [0, 3], d1 in [0, 127], d2 in [0, 63], s0 in "
        "[0, 255]");
    HLO(dot, 'i', 0,
        "operand id = 0 (d0, d1, d2)[s0] -> (d0, d1, s0), domain: d0 in [0, 3], d1 in [0, 127], d2 in [0, 255], s0 in "
        "[0, 63]");
    /* (the seed's input_2 map, (d0, s0, d1) with d1 the contracting dimension, is not a map of this dot) */
    HLO(dot, 'i', 1,
        "operand id = 0 (d0, d1, d2)[s0] -> (d0, s0, d2), domain: d0 in [0, 3], d1 in [0, 255], d2 in [0, 63], s0 in "
        "[0, 127]");
    /* pad */
    HLO("p0 = f32[4, 4] parameter(0)\np1 = f32[] parameter(1)\npad = f32[12, 16] pad(p0, p1), padding=1_4_1x4_8_0\n",
        'o', 0,
        "operand id = 0 (d0, d1) -> ((d0 - 1) floordiv 2, d1 - 4), domain: d0 in [1, 7], d1 in [4, 7], (d0 - 1) mod 2 "
        "in [0, 0]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 11], d1 in [0, 15]");
    /* reduce-window */
    HLO("c_inf = f32[] constant(-inf)\np0 = f32[1024, 514] parameter(0)\nreduce-window = f32[1024, 3] "
        "reduce-window(p0, c_inf),\n"
        "window={size=1x512 pad=0_0x0_0}, to_apply=max\n",
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0, d1 + s0), domain: d0 in [0, 1023], d1 in [0, 2], s0 in [0, 511]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 1023], d1 in [0, 2]");
    /* fusions: one input read twice; equal maps kept once; chained reshapes cancel */
    HLO("f {\np0 = f32[1000, 1000] parameter(0)\ntranspose_p0 = f32[1000, 1000]{0, 1} transpose(p0), dimensions={1, "
        "0}\n"
        "ROOT a0 = f32[1000, 1000] add(p0, transpose_p0)\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]"
        "(d0, d1) -> (d1, d0), domain: d0 in [0, 999], d1 in [0, 999]");
    HLO("f {\np0 = f32[20, 10, 50] parameter(0)\nlhs_transpose_1 = f32[10, 20, 50] transpose(p0), dimensions={1, 0, "
        "2}\n"
        "lhs_e = f32[10, 20, 50] exponential(lhs_transpose_1)\n"
        "lhs_transpose_2 = f32[10, 50, 20] transpose(lhs_e), dimensions={0, 2, 1}\n"
        "rhs_transpose_1 = f32[50, 10, 20] transpose(p0), dimensions={2, 1, 0}\n"
        "rhs_log = f32[50, 10, 20] exponential(rhs_transpose_1)\n"
        "rhs_transpose_2 = f32[10, 50, 20] transpose(rhs_log), dimensions={1, 0, 2}\n"
        "ROOT add = f32[10, 50, 20] add(lhs_transpose_2, rhs_transpose_2)\n}\n",
        'o', 0, "operand id = 0 (d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 49], d2 in [0, 19]");
    HLO("p0 = f32[10, 10, 10] parameter(0)\nreshape1 = f32[50, 20] reshape(p0)\nreshape2 = f32[10, 10, 10] "
        "reshape(reshape1)\n",
        'o', 0, "operand id = 0 (d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
}

#define ENTRY_(body) "HloModule m\nENTRY e {\n" body "\n}\n"
#define MAXC "max {\np0 = f32[] parameter(0)\np1 = f32[] parameter(1)\nROOT max = f32[] maximum(p0, p1)\n}\n"

/* Cases of XLA's indexing_analysis_test.cc (an ENTRY root gets its own maps). */
static void xla_cases(void) {
    HLO(ENTRY_("p0 = f32[10, 20, 30] parameter(0)\nROOT add0 = f32[10, 20, 30]{1, 0, 2} exponential(p0)"), 'p', 0,
        "operand id = 0 (d0, d1, d2) -> (d1, d2, d0), domain: d0 in [0, 29], d1 in [0, 9], d2 in [0, 19]");
    HLO(ENTRY_("p0 = f32[10, 20, 30] parameter(0)\nROOT add0 = f32[10, 20, 30]{1, 0, 2} exponential(p0)"), 'q', 0,
        "operand id = 0 (d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 19], d2 in [0, 29]");
    HLO(ENTRY_("p0 = f32[10, 20, 30]{1, 0, 2} parameter(0)\nROOT add0 = f32[10, 20, 30] exponential(p0)"), 'p', 0,
        "operand id = 0 (d0, d1, d2) -> (d2, d0, d1), domain: d0 in [0, 9], d1 in [0, 19], d2 in [0, 29]");
    HLO(ENTRY_("p0 = f32[10, 20, 30]{1, 0, 2} parameter(0)\nROOT add0 = f32[10, 20, 30]{1, 0, 2} exponential(p0)"), 'p',
        0, "operand id = 0 (d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 29], d1 in [0, 9], d2 in [0, 19]");
    HLO(ENTRY_("p0 = f32[0, 0]{0,1} parameter(0)\nROOT copy0 = f32[0, 0]{1,0} copy(p0)"), 's', 0,
        "operand id = 0 KNOWN EMPTY");
    HLO(ENTRY_("p0 = f32[1,0,0] parameter(0)\nROOT reshape = f32[0] reshape(p0)"), 's', 0,
        "operand id = 0 KNOWN EMPTY");
    HLO("HloModule m\nmapper {\na = f32[] parameter(0)\nb = f32[] parameter(1)\nROOT add = f32[] add(a, b)\n}\n" ENTRY_(
            "p0 = f32[10, 20] parameter(0)\np1 = f32[10, 20] parameter(1)\n"
            "ROOT add0 = f32[10, 20] map(%p0, %p1), dimensions={}, to_apply=mapper"),
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]"
        "operand id = 1 (d0, d1) -> (d0, d1), domain: d0 in [0, 9], d1 in [0, 19]");
    HLO(ENTRY_("p0 = f32[4, 32] parameter(0)\nROOT bitcast = f32[4, 8, 4] bitcast(p0)"), 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0, d1 * 4 + d2), domain: d0 in [0, 3], d1 in [0, 7], d2 in [0, 3]");
    HLO(ENTRY_("p0 = f32[32] parameter(0)\nROOT bitcast = f32[1, 32] bitcast(p0)"), 'o', 0,
        "operand id = 0 (d0, d1) -> (d0 * 32 + d1), domain: d0 in [0, 0], d1 in [0, 31]");
    HLO(ENTRY_(
            "p0 = f32[3, 12288, 6, 128] parameter(0)\nROOT bitcast = f32[3, 6, 128, 12288] {2, 1, 3, 0} bitcast(p0)"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3) -> (d0, d3, d1, d2), domain: d0 in [0, 2], d1 in [0, 5], d2 in [0, 127], d3 "
        "in [0, 12287]");
    HLO(ENTRY_("p0 = f32[16, 17, 3] parameter(0)\nROOT bitcast = f32[51, 16] {0, 1} bitcast(p0)"), 'o', 0,
        "operand id = 0 (d0, d1) -> (d1, d0 floordiv 3, d0 mod 3), domain: d0 in [0, 50], d1 in [0, 15]");
    HLO(ENTRY_("p0 = f32[16, 17, 3] parameter(0)\nROOT bitcast = f32[51, 16] {0, 1} bitcast(p0)"), 'i', 0,
        "operand id = 0 (d0, d1, d2) -> (d1 * 3 + d2, d0), domain: d0 in [0, 15], d1 in [0, 16], d2 in [0, 2]");
    HLO(ENTRY_("ROOT c1 = bf16[17, 22] constant(1)"), 'o', 0, "");
    HLO(ENTRY_("%src = s32[2,2,258] parameter(0)\n%of1 = s32[] parameter(1)\n%of2 = s32[] parameter(2)\n%of3 = s32[] "
               "parameter(3)\n"
               "ROOT %ds = s32[1,2,32] dynamic-slice(s32[2,2,258] %src,\ns32[] %of1, s32[] %of2, s32[] %of3),\n"
               "dynamic_slice_sizes={1, 2, 32}"),
        'o', 0,
        "operand id = 0 (d0, d1, d2){rt0, rt1, rt2} -> (d0 + rt0, d1 + rt1, d2 + rt2), domain: d0 in [0, 0], d1 in [0, "
        "1], "
        "d2 in [0, 31], rt0 in [0, 1], rt1 in [0, 0], rt2 in [0, 226] runtime variables:"
        "rt0: %of1 = s32[] parameter(1); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "rt1: %of2 = s32[] parameter(2); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "rt2: %of3 = s32[] parameter(3); (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 1 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 2 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]"
        "operand id = 3 (d0, d1, d2) -> (), domain: d0 in [0, 0], d1 in [0, 1], d2 in [0, 31]");
    HLO("HloModule m\nf {\np0 = f32[100] parameter(0)\np1 = f32[100] parameter(1)\nROOT a0 = f32[100] add(p0, "
        "p1)\n}\n" ENTRY_("p0 = f32[100] parameter(0)\np1 = f32[100] parameter(1)\nROOT fusion = f32[100] fusion(p0, "
                          "p1), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0) -> (d0), domain: d0 in [0, 99] operand id = 1 (d0) -> (d0), domain: d0 in [0, 99]");
    HLO("HloModule test_module\nfused_computation {\np0 = f32[4] parameter(0)\np1 = f32[4] parameter(1)\n"
        "add0 = f32[4] add(p0, p1)\nslice1.0 = f32[3] slice(add0), slice={[0:3]}\nslice1.1 = f32[3] slice(add0), "
        "slice={[1:4]}\n"
        "add1 = f32[3]{0} add(slice1.0, slice1.1)\nslice2.0 = f32[2] slice(add1), slice={[0:2]}\n"
        "slice2.1 = f32[2] slice(add1), slice={[1:3]}\nROOT add2 = f32[2] add(slice2.0, slice2.1)\n}\n"
        "ENTRY entry_computation {\np0 = f32[4] parameter(0)\np1 = f32[4] parameter(1)\n"
        "ROOT fusion = f32[2] fusion(p0, p1), kind=kLoop,\ncalls=fused_computation\n}",
        'o', 0,
        /* XLA compares these sets unordered; ours keep the order the maps were found in */
        "operand id = 0 (d0) -> (d0 + 2), domain: d0 in [0, 1] (d0) -> (d0 + 1), domain: d0 in [0, 1] (d0) -> (d0), "
        "domain: d0 in [0, 1]"
        "operand id = 1 (d0) -> (d0 + 2), domain: d0 in [0, 1] (d0) -> (d0 + 1), domain: d0 in [0, 1] (d0) -> (d0), "
        "domain: d0 in [0, 1]");
    HLO("HloModule m\n" MAXC "f {\np0 = f32[150, 20, 10, 50] parameter(0)\np0_init = f32[] parameter(1)\n"
        "reduce_1 = f32[20, 10] reduce(p0, p0_init),\ndimensions={0, 3}, to_apply=max\n"
        "ROOT reduce_2 = f32[10] reduce(reduce_1, p0_init),\ndimensions={0}, to_apply=max\n}\n" ENTRY_(
            "p0 = f32[150, 20, 10, 50] parameter(0)\np0_init = f32[] constant(-inf)\n"
            "ROOT fusion = f32[10] fusion(p0, p0_init), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0)[s0, s1, s2] -> (s0, s2, d0, s1), domain: d0 in [0, 9], s0 in [0, 149], s1 in [0, 49], s2 "
        "in [0, 19]"
        "operand id = 1 (d0) -> (), domain: d0 in [0, 9]");
    HLO("HloModule m\n" MAXC "f {\np0 = f32[15, 20] parameter(0)\np0_init = f32[] parameter(1)\n"
        "p0_bcast = f32[15, 32, 20, 64] broadcast(p0), dimensions={0, 2}\n"
        "ROOT reduce_2 = f32[15, 64] reduce(p0_bcast, p0_init),\ndimensions={1, 2}, to_apply=max\n}\n" ENTRY_(
            "p0 = f32[15, 20] parameter(0)\np0_init = f32[] constant(-inf)\n"
            "ROOT fusion = f32[15, 64] fusion(p0, p0_init), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 14], d1 in [0, 63], s0 in [0, 19]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 14], d1 in [0, 63]");
    HLO("HloModule m\n" MAXC "f {\np0 = f32[150, 64, 1024] parameter(0)\np0_init = f32[] parameter(1)\n"
        "p0_slice = f32[16, 32, 128] slice(f32[150, 64, 1024] p0),\nslice={[5:21:1], [0:64:2], [50:434:3]}\n"
        "ROOT reduce = f32[32] reduce(p0_slice, p0_init),\ndimensions={0, 2}, to_apply=max\n}\n" ENTRY_(
            "p0 = f32[150, 64, 1024] parameter(0)\np0_init = f32[] constant(-inf)\n"
            "ROOT fusion = f32[32] fusion(p0, p0_init), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0)[s0, s1] -> (s0 + 5, d0 * 2, s1 * 3 + 50), domain: d0 in [0, 31], s0 in [0, 15], s1 in [0, "
        "127]"
        "operand id = 1 (d0) -> (), domain: d0 in [0, 31]");
    HLO("HloModule m\nf {\np0 = f32[128] parameter(0)\nexpand = f32[8, 16] reshape(p0)\nROOT collapse = f32[128] "
        "reshape(expand)\n}\n" ENTRY_(
            "p0 = f32[128] parameter(0)\nROOT fusion = f32[128] fusion(p0), kind=kLoop, calls=f"),
        'o', 0, "operand id = 0 (d0) -> (d0), domain: d0 in [0, 127]");
    HLO("HloModule m\nf {\np0 = f32[150, 64, 1024] parameter(0)\np0_slice_1 = f32[16, 32, 128] slice(f32[150, 64, "
        "1024] p0),\n"
        "slice={[5:21:1], [0:64:2], [50:434:3]}\nROOT p0_slice_2 = f32[7, 9, 24] slice(f32[16, 32, 128] p0_slice_1),\n"
        "slice={[3:16:2], [4:30:3], [5:100:4]}\n}\n" ENTRY_(
            "p0 = f32[150, 64, 1024] parameter(0)\n"
            "ROOT fusion = f32[7, 9, 24] fusion(p0), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 * 2 + 8, d1 * 6 + 8, d2 * 12 + 65), domain: d0 in [0, 6], d1 in [0, 8], d2 "
        "in [0, 23]");
    HLO("HloModule m\nf {\n%src = s32[150, 64] parameter(0)\n%of11 = s32[] parameter(1)\n%of12 = s32[] parameter(2)\n"
        "%of21 = s32[] parameter(3)\n%of22 = s32[] parameter(4)\n"
        "%ds1 = s32[50, 32] dynamic-slice(s32[150, 64] %src,\ns32[] %of11, s32[] %of12), dynamic_slice_sizes={50, 32}\n"
        "ROOT %ds2 = s32[25, 16] dynamic-slice(s32[50, 32] %ds1,\ns32[] %of21, s32[] %of22), dynamic_slice_sizes={25, "
        "16}\n}\n" ENTRY_(
            "%p0 = s32[150, 64] parameter(0)\n%p1 = s32[] parameter(1)\n%p2 = s32[] parameter(2)\n%p3 = s32[] "
            "parameter(3)\n"
            "%p4 = s32[] parameter(4)\nROOT fusion = s32[25, 16] fusion(p0, p1, p2, p3, p4),\nkind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0, d1){rt0, rt1, rt2, rt3} -> (d0 + rt0 + rt2, d1 + rt1 + rt3), domain: d0 in [0, 24], d1 in "
        "[0, 15], "
        "rt0 in [0, 100], rt1 in [0, 32], rt2 in [0, 25], rt3 in [0, 16] runtime variables:"
        "rt0: %of21 = s32[] parameter(3); (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]"
        "rt1: %of22 = s32[] parameter(4); (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]"
        "rt2: %of11 = s32[] parameter(1); (d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, "
        "25], "
        "rt1 in [0, 16], d0 + rt0 in [0, 49], d1 + rt1 in [0, 31]"
        "rt3: %of12 = s32[] parameter(2); (d0, d1){rt0, rt1} -> (), domain: d0 in [0, 24], d1 in [0, 15], rt0 in [0, "
        "25], "
        "rt1 in [0, 16], d0 + rt0 in [0, 49], d1 + rt1 in [0, 31]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]"
        "operand id = 2 (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]"
        "operand id = 3 (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]"
        "operand id = 4 (d0, d1) -> (), domain: d0 in [0, 24], d1 in [0, 15]");
    HLO("HloModule m\nf {\np0 = f32[2, 5, 7] parameter(0)\np1 = f32[2, 11, 7] parameter(1)\np2 = f32[2, 17, 7] "
        "parameter(2)\n"
        "concat = f32[2, 33, 7] concatenate(\nf32[2, 5, 7] p0, f32[2, 11, 7] p1, f32[2, 17, 7] p2), dimensions={1}\n"
        "ROOT slice = f32[2, 3, 7] slice(f32[2, 33, 7] concat),\nslice={[0:2:1], [0:5:2], [0:7:1]}\n}\n" ENTRY_(
            "p0 = f32[2, 5, 7] parameter(0)\np1 = f32[2, 11, 7] parameter(1)\np2 = f32[2, 17, 7] parameter(2)\n"
            "ROOT fusion = f32[2, 3, 7] fusion(p0, p1, p2), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0, d1 * 2, d2), domain: d0 in [0, 1], d1 in [0, 2], d2 in [0, 6]"
        "operand id = 1 KNOWN EMPTY operand id = 2 KNOWN EMPTY");
    HLO("HloModule m\nf {\np0 = f32[2] parameter(0)\np1 = f32[30] parameter(1)\n"
        "concat = f32[32] concatenate(f32[2] p0, f32[30] p1), dimensions={0}\nROOT reshape = f32[4, 8] "
        "reshape(concat)\n}\n" ENTRY_("p0 = f32[2] parameter(0)\np1 = f32[30] parameter(1)\nROOT fusion = f32[4, 8] "
                                      "fusion(p0, p1), kind=kLoop, calls=f"),
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7], d0 * 8 + d1 in [0, 1]"
        "operand id = 1 (d0, d1) -> (d0 * 8 + d1 - 2), domain: d0 in [0, 3], d1 in [0, 7], d0 * 8 + d1 in [2, 31]");
    HLO(ENTRY_("p0 = f32[2, 4, 4] parameter(0)\nROOT reshape = f32[4, 8] reshape(p0)"), 'o', 0,
        "operand id = 0 (d0, d1) -> (d0 floordiv 2, (d0 mod 2) * 2 + d1 floordiv 4, d1 mod 4), domain: d0 in [0, 3], "
        "d1 in [0, 7]");
    HLO(ENTRY_("p0 = f32[16, 8] parameter(0)\nROOT reshape = f32[4, 4, 8] reshape(p0)"), 'o', 0,
        "operand id = 0 (d0, d1, d2) -> (d0 * 4 + d1, d2), domain: d0 in [0, 3], d1 in [0, 3], d2 in [0, 7]");
    HLO(ENTRY_(
            "p0 = f32[2,8] parameter(0)\np1 = f32[] parameter(1)\nROOT pad = f32[10,8] pad(p0, p1), padding=1_7x0_0"),
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0 - 1, d1), domain: d0 in [1, 2], d1 in [0, 7]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 9], d1 in [0, 7]");
    HLO(ENTRY_("p0 = f32[7] parameter(0)\np1 = f32[] parameter(1)\nROOT pad = f32[5] pad(p0, p1), padding=-3_-5_1"),
        'o', 0,
        "operand id = 0 (d0) -> ((d0 + 3) floordiv 2), domain: d0 in [0, 4], (d0 + 3) mod 2 in [0, 0]"
        "operand id = 1 (d0) -> (), domain: d0 in [0, 4]");
    {
        const char *r = "HloModule m\n" MAXC ENTRY_(
            "p0 = f32[150, 20, 10, 50] parameter(0)\np0_init = f32[] constant(-inf)\n"
            "ROOT reduce = f32[150, 10] reduce(p0, p0_init),\ndimensions={3, 1}, to_apply=max");
        HLO(r, 'o', 0,
            "operand id = 0 (d0, d1)[s0, s1] -> (d0, s0, d1, s1), domain: d0 in [0, 149], d1 in [0, 9], s0 in [0, 19], "
            "s1 in [0, 49]"
            "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 149], d1 in [0, 9]");
        HLO(r, 'i', 0,
            "operand id = 0 (d0, d1, d2, d3) -> (d0, d2), domain: d0 in [0, 149], d1 in [0, 19], d2 in [0, 9], d3 in "
            "[0, 49]");
        HLO(r, 'i', 1, "operand id = 0 ()[s0, s1] -> (s0, s1), domain: s0 in [0, 149], s1 in [0, 9]");
    }
    HLO("HloModule m\n" MAXC ENTRY_("c_inf = f32[] constant(-inf)\np0 = f32[13, 17] parameter(0)\n"
                                    "ROOT reduce-window = f32[7, 17] reduce-window(p0, c_inf),\n"
                                    "window={size=3x2 stride=2x1 pad=1_1x0_1}, to_apply=max"),
        'o', 0,
        "operand id = 0 (d0, d1)[s0, s1] -> (d0 * 2 + s0 - 1, d1 + s1), domain: d0 in [0, 6], d1 in [0, 16], s0 in [0, "
        "2], "
        "s1 in [0, 1], d0 * 2 + s0 in [1, 13], d1 + s1 in [0, 16]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 6], d1 in [0, 16]");
    HLO("HloModule m\n" MAXC ENTRY_("c_inf = f32[] constant(-inf)\np0 = f32[2, 3] parameter(0)\n"
                                    "ROOT reduce-window = f32[3, 5] reduce-window(p0, c_inf),\n"
                                    "window={size=1x1 pad=0_0x0_0 lhs_dilate=2x2}, to_apply=max"),
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0 floordiv 2, d1 floordiv 2), domain: d0 in [0, 2], d1 in [0, 4], d0 mod 2 in "
        "[0, 0], "
        "d1 mod 2 in [0, 0] operand id = 1 (d0, d1) -> (), domain: d0 in [0, 2], d1 in [0, 4]");
    HLO("HloModule m\n" MAXC ENTRY_("c_inf = f32[] constant(-inf)\np0 = f32[7, 3] parameter(0)\n"
                                    "ROOT reduce-window = f32[4, 3] reduce-window(p0, c_inf),\n"
                                    "window={size=2x1 pad=0_0x0_0 rhs_dilate=3x1}, to_apply=max"),
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0 + s0 * 3, d1), domain: d0 in [0, 3], d1 in [0, 2], s0 in [0, 1]"
        "operand id = 1 (d0, d1) -> (), domain: d0 in [0, 3], d1 in [0, 2]");
    HLO(ENTRY_("p0 = f32[1,12,10,4] parameter(0)\np1 = f32[4,3,5,8] parameter(1)\nROOT conv = f32[1,10,6,8] "
               "convolution(p0, p1),\n"
               "window={size=3x5 pad=0_0x0_0}, dim_labels=b01f_i01o->b01f"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3)[s0, s1, s2] -> (d0, d1 + s0, d2 + s1, s2), domain: d0 in [0, 0], d1 in [0, "
        "9], "
        "d2 in [0, 5], d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]"
        "operand id = 1 (d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 0], d1 in [0, 9], d2 in "
        "[0, 5], "
        "d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]");
    HLO(ENTRY_("p0 = f32[1,12,10,4] parameter(0)\np1 = f32[4,3,5,8] parameter(1)\nROOT conv = f32[1,6,5,8] "
               "convolution(p0, p1),\n"
               "window={size=3x5 stride=2x2 pad=1_1x2_2}, dim_labels=b01f_i01o->b01f"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3)[s0, s1, s2] -> (d0, d1 * 2 + s0 - 1, d2 * 2 + s1 - 2, s2), domain: d0 in [0, "
        "0], "
        "d1 in [0, 5], d2 in [0, 4], d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3], d1 * 2 + s0 in [1, 12], "
        "d2 * 2 + s1 in [2, 11]"
        "operand id = 1 (d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 0], d1 in [0, 5], d2 in "
        "[0, 4], "
        "d3 in [0, 7], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]");
    HLO(ENTRY_("p0 = f32[1,12,10,24] parameter(0)\np1 = f32[4,3,5,48] parameter(1)\n"
               "ROOT conv = f32[1,10,6,48] convolution(p0, p1),\n"
               "window={size=3x5 pad=0_0x0_0}, dim_labels=b01f_i01o->b01f, feature_group_count=6"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3)[s0, s1, s2] -> (d0, d1 + s0, d2 + s1, (d3 floordiv 8) * 4 + s2), domain: d0 "
        "in [0, 0], "
        "d1 in [0, 9], d2 in [0, 5], d3 in [0, 47], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]"
        "operand id = 1 (d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 0], d1 in [0, 9], d2 in "
        "[0, 5], "
        "d3 in [0, 47], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]");
    HLO(ENTRY_("p0 = f32[14,12,10,4] parameter(0)\np1 = f32[4,3,5,21] parameter(1)\n"
               "ROOT conv = f32[2,10,6,21] convolution(p0, p1),\n"
               "window={size=3x5 pad=0_0x0_0}, dim_labels=b01f_i01o->b01f, batch_group_count=7"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3)[s0, s1, s2, s3] -> (d0 + s3 * 2, d1 + s0, d2 + s1, s2), domain: d0 in [0, 1], "
        "d1 in [0, 9], d2 in [0, 5], d3 in [0, 20], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3], s3 in [0, 6]"
        "operand id = 1 (d0, d1, d2, d3)[s0, s1, s2] -> (s2, s0, s1, d3), domain: d0 in [0, 1], d1 in [0, 9], d2 in "
        "[0, 5], "
        "d3 in [0, 20], s0 in [0, 2], s1 in [0, 4], s2 in [0, 3]");
    HLO(ENTRY_("p0 = f32[4, 38, 17, 11, 18, 10] parameter(0)\np1 = f32[17, 10, 16, 18, 22, 38] parameter(1)\n"
               "ROOT dot = f32[10, 38, 4, 11, 16, 22] dot(p0, p1),\nlhs_batch_dims={5,1}, rhs_batch_dims={1,5},\n"
               "lhs_contracting_dims={4,2}, rhs_contracting_dims={3,0}"),
        'o', 0,
        "operand id = 0 (d0, d1, d2, d3, d4, d5)[s0, s1] -> (d2, d1, s1, d3, s0, d0), domain: d0 in [0, 9], d1 in [0, "
        "37], "
        "d2 in [0, 3], d3 in [0, 10], d4 in [0, 15], d5 in [0, 21], s0 in [0, 17], s1 in [0, 16]"
        "operand id = 1 (d0, d1, d2, d3, d4, d5)[s0, s1] -> (s1, d0, d4, s0, d5, d1), domain: d0 in [0, 9], d1 in [0, "
        "37], "
        "d2 in [0, 3], d3 in [0, 10], d4 in [0, 15], d5 in [0, 21], s0 in [0, 17], s1 in [0, 16]");
    HLO(ENTRY_("p0 = f32[20, 20] parameter(0)\np1 = f32[4,4] parameter(1)\np2 = f32[4,3] parameter(2)\n"
               "ROOT out = f32[4,3] triangular-solve(f32[4,4] p1, f32[4,3] p2),\nleft_side=true,\nlower=true,\n"
               "transpose_a=NO_TRANSPOSE,\nunit_diagonal=true"),
        'o', 0, "operand id = 0 unknown indexing operand id = 1 unknown indexing");
    HLO(ENTRY_("p0 = pred[] parameter(0)\np1 = f32[1000, 1000] parameter(1)\np2 = f32[1000, 1000] parameter(2)\n"
               "ROOT select = f32[1000, 1000] select(p0, p1, p2)"),
        'o', 0,
        "operand id = 0 (d0, d1) -> (), domain: d0 in [0, 999], d1 in [0, 999]"
        "operand id = 1 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]"
        "operand id = 2 (d0, d1) -> (d0, d1), domain: d0 in [0, 999], d1 in [0, 999]");
    HLO("HloModule m\nfused_computation {\np0 = s32[4096] parameter(0)\noffset = s64[] constant(42)\n"
        "ROOT dynamic-slice = s32[10]\ndynamic-slice(p0, offset), dynamic_slice_sizes={10}\n}\n"
        "ENTRY main {\np0 = s32[4096] parameter(0)\nROOT fusion = s32[10] fusion(p0), kind=kInput, "
        "calls=fused_computation\n}\n",
        'o', 0, "operand id = 0 (d0) -> (d0 + 42), domain: d0 in [0, 9]");
    HLO("HloModule m\nfused_computation {\np0 = s32[100] parameter(0)\noffset = s64[] constant(99)\n"
        "ROOT dynamic-slice = s32[10]\ndynamic-slice(p0, offset), dynamic_slice_sizes={10}\n}\n"
        "ENTRY main {\np0 = s32[100] parameter(0)\nROOT fusion = s32[10] fusion(p0), kind=kInput, "
        "calls=fused_computation\n}\n",
        'o', 0,
        "operand id = 0 (d0){rt0} -> (d0 + rt0), domain: d0 in [0, 9], rt0 in [0, 90] runtime variables:"
        "rt0: %offset = s64[] constant(99); (d0) -> (), domain: d0 in [0, 9]");
    HLO("HloModule m\nfused_computation {\np0 = f32[33,76] parameter(0)\niota = s64[42,1] iota(), iota_dimension=0\n"
        "ROOT gather = f32[42,1,1] gather(p0, "
        "iota),\noffset_dims={1,2},\ncollapsed_slice_dims={},\nstart_index_map={0},\n"
        "index_vector_dim=1,\nslice_sizes={1,1}\n}\nENTRY main {\np0 = f32[33,76] parameter(0)\n"
        "ROOT fusion = f32[42,1,1] fusion(p0), kind=kInput, calls=fused_computation\n}\n",
        'o', 0, "operand id = 0 (d0, d1, d2) -> (d0, 0), domain: d0 in [0, 41], d1 in [0, 0], d2 in [0, 0]");
    HLO("HloModule m\nfused_computation {\nbitcast = s32[1,4096]{1,0} parameter(0)\nconstant = s32[] constant(0)\n"
        "pad = s32[1,8192]{1,0} pad(bitcast, constant), padding=0_0x4096_0\nslice = s32[1]{0} parameter(1)\n"
        "bitcast.4 = s32[] bitcast(slice)\nROOT dynamic-slice = s32[1,4096]{1,0}\n"
        "dynamic-slice(pad, constant, bitcast.4), dynamic_slice_sizes={1,4096}\n}\n"
        "ENTRY main {\nparam_0 = s32[1,4096]{1,0} parameter(0)\nparam_1 = s32[1]{0} parameter(1)\n"
        "ROOT fusion = s32[1,4096]{1,0} fusion(param_0, param_1), kind=kInput,\ncalls=fused_computation\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1){rt0} -> (0, d1 + rt0 - 4096), domain: d0 in [0, 0], d1 in [0, 4095], rt0 in [0, "
        "4096], "
        "d1 + rt0 in [4096, 8191] runtime variables:"
        "rt0: %bitcast.4 = s32[] bitcast(%slice); (d0, d1) -> (), domain: d0 in [0, 0], d1 in [0, 4095]"
        "operand id = 1 (d0, d1) -> (0), domain: d0 in [0, 0], d1 in [0, 4095]");
    HLO("HloModule t\ndot_lhs {\nROOT p0 = f32[2,4]{1,0} parameter(0)\n}\ndot_rhs {\np0 = f32[4,5,2]{2,1,0} "
        "parameter(0)\n"
        "p1 = s32[] parameter(1)\np2 = s32[] parameter(2)\np3 = s32[] parameter(3)\n"
        "dynamic_slice = f32[1,5,2]{2,1,0} dynamic-slice(p0, p1, p2, p3), dynamic_slice_sizes={1,5,2}\n"
        "ROOT bitcast = f32[5,2]{1,0} bitcast(dynamic_slice)\n}\ntriton_gemm {\ndot_lhs_param = f32[2,4]{1,0} "
        "parameter(0)\n"
        "lhs = f32[2,4]{1,0} fusion(dot_lhs_param), kind=kCustom, calls=dot_lhs\n"
        "dynamic_slice_input = f32[4,5,2]{2,1,0} parameter(1)\nstart_index0 = s32[] parameter(2)\n"
        "start_index1 = s32[] parameter(3)\nstart_index2 = s32[] parameter(4)\n"
        "rhs = f32[5,2]{1,0} fusion(dynamic_slice_input, start_index0, start_index1, start_index2), kind=kCustom, "
        "calls=dot_rhs\n"
        "ROOT dot = f32[4,5]{1,0} dot(lhs, rhs), lhs_contracting_dims={0}, rhs_contracting_dims={1}\n}\n"
        "ENTRY e {\np0 = f32[2,4]{1,0} parameter(0)\np1 = f32[4,5,2]{2,1,0} parameter(1)\np2 = s32[] parameter(2)\n"
        "c0 = s32[] constant(0)\nc1 = s32[] constant(0)\n"
        "ROOT fusion = f32[4,5]{1,0} fusion(p0, p1, p2, c0, c1), kind=kCustom, calls=triton_gemm\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (s0, d0), domain: d0 in [0, 3], d1 in [0, 4], s0 in [0, 1]"
        "operand id = 1 (d0, d1)[s0]{rt0} -> (rt0, d1, s0), domain: d0 in [0, 3], d1 in [0, 4], s0 in [0, 1], rt0 in "
        "[0, 3]"
        "runtime variables: rt0: %p1 = s32[] parameter(1); (d0, d1)[s0] -> (), domain: d0 in [0, 3], d1 in [0, 4], s0 "
        "in [0, 1]"
        "operand id = 2 (d0, d1) -> (), domain: d0 in [0, 3], d1 in [0, 4]"
        "operand id = 3 (d0, d1) -> (), domain: d0 in [0, 3], d1 in [0, 4]"
        "operand id = 4 (d0, d1) -> (), domain: d0 in [0, 3], d1 in [0, 4]");
}

/* Spec 4's simplifier cases (and XLA's indexing_map_test.cc ones). */
static void simplifier_cases(void) {
    MAP("(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0, 14]", 1,
        "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
    MAP("(d0, d1, d2) -> ((100 * d0 + 10 * d1 + d2) floordiv 100, ((100 * d0 + 10 * d1 + d2) mod 100) floordiv 10, d2 "
        "mod 10), "
        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
        1, "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    MAP("(d0, d1, d2) -> ((100d0 + 10d1 + d2) floorDiv 100, ((100d0 + 10d1 + d2) mod 100) floordiv 10, d2 mod 10)\n"
        "domain:\nd0 in [0, 9]\nd1 in [0, 9]\nd2 in [0, 9]",
        1, "(d0, d1, d2) -> (d0, d1, d2), domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]");
    MAP("(d0, d1, d2) -> ((16 * d0 + 4 * d1 + d2) floordiv 8, (16 * d0 + 4 * d1 + d2) mod 8), "
        "domain: d0 in [0, 9], d1 in [0, 9], d2 in [0, 9]",
        1,
        "(d0, d1, d2) -> (d0 * 2 + (d1 * 4 + d2) floordiv 8, (d1 * 4 + d2) mod 8), domain: d0 in [0, 9], d1 in [0, 9], "
        "d2 in [0, 9]");
    /* Spec 4 says (d0); XLA's rules give this map, which equals the original everywhere (d1 = 0: d0 - 1). */
    MAP("(d0, d1) -> (-(-11 * d0 - d1 + 109) floordiv 11 + 9), domain: d0 in [0, 9], d1 in [0, 10]", 1,
        "(d0, d1) -> ((d1 + 1) floordiv 11 + d0 - 1), domain: d0 in [0, 9], d1 in [0, 10]");
    MAP("(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3], d0 + s0 in [0, 20]", 1,
        "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 5], s0 in [1, 3]");
    MAP("(d0, d1) -> (d0, d1), domain: d0 in [0, 99], d1 in [0, 99], d0 + 5 in [10, 20], d1 * 3 in [5, 11], d0 "
        "floordiv 4 in [3, 4]",
        1, "(d0, d1) -> (d0, d1), domain: d0 in [12, 15], d1 in [2, 3]");
    MAP("(d0) -> (d0 floordiv 4), domain: d0 in [0, 9], d0 - 20 in [0, 5]", 1, "KNOWN EMPTY");
    MAP("(d0)[s0] -> (d0 * 4 + s0 mod 4), domain: d0 in [0, 9], s0 in [0, 3]", 1,
        "(d0)[s0] -> (d0 * 4 + s0), domain: d0 in [0, 9], s0 in [0, 3]");
    MAP("(d0) -> ((d0 floordiv 4) floordiv 8, (d0 mod 32) floordiv 4), domain: d0 in [0, 127]", 1,
        "(d0) -> (d0 floordiv 32, (d0 floordiv 4) mod 8), domain: d0 in [0, 127]");
    MAP("(d0) -> ((d0 mod 8) * 4 + (d0 floordiv 8) * 32), domain: d0 in [0, 63]", 1,
        "(d0) -> (d0 * 4), domain: d0 in [0, 63]");
    MAP("(d0) -> (d0), domain: d0 in [0, 99], d0 mod 2 in [0, 0], d0 mod 3 in [0, 0]", 1,
        "(d0) -> (d0), domain: d0 in [0, 96], d0 mod 6 in [0, 0]");
    /* XLA's indexing_map_test.cc (its newest version writes floordiv as '/', which we read too) */
    MAP("(d0, d1) -> (((d0 / 3) * 3 + d1 / 2) / 6), domain: d0 in [0, 11], d1 in [0, 5]", 1,
        "(d0, d1) -> (d0 floordiv 6), domain: d0 in [0, 11], d1 in [0, 5]");
    MAP("(d0) -> (d0 mod 42), domain: d0 in [53, 71]", 1, "(d0) -> (d0 - 42), domain: d0 in [53, 71]");
    MAP("(d0) -> (d0 mod 5), domain: d0 in [-5, -1]", 1, "(d0) -> (d0 + 5), domain: d0 in [-5, -1]");
    MAP("(d0) -> (d0 mod 5), domain: d0 in [-4, 0]", 1, "(d0) -> (d0 mod 5), domain: d0 in [-4, 0]");
    MAP("(d0)[s0] -> (d0 - (s0 / 3) * 3 + s0), domain: d0 in [0, 1], s0 in [0, 3]", 1,
        "(d0)[s0] -> (d0 + s0 mod 3), domain: d0 in [0, 1], s0 in [0, 3]");
    MAP("(d0)[s0] -> (1 + d0 - ((s0 + 1) / 3) * 3 + s0), domain: d0 in [0, 1], s0 in [0, 3]", 1,
        "(d0)[s0] -> (d0 + (s0 + 1) mod 3), domain: d0 in [0, 1], s0 in [0, 3]");
    MAP("(d0, d1) -> (-((d0 * -11 - d1 + 109) / 11) + 9, d0 * 11 + d1 + ((d0 * -11 - d1 + 109) / 11) * 11 - 99), "
        "domain: d0 in [0, 7], d1 in [0, 8]",
        1, "(d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 8]");
    MAP("()[s0] -> ((s0 * 128) mod 715 + ((s0 * 128) / 715) * 715), domain: s0 in [0, 127]", 1,
        "()[s0] -> (s0 * 128), domain: s0 in [0, 127]");
    MAP("(d0, d1) -> (((d1 * 2 + d0 / 64) mod 3) * 256 + (d0 mod 64) * 4 + ((d1 * 128 + d0) / 192) * 768), "
        "domain: d0 in [0, 127], d1 in [0, 3071]",
        1, "(d0, d1) -> (d0 * 4 + d1 * 512), domain: d0 in [0, 127], d1 in [0, 3071]");
    MAP("(d0, d1) -> ((d0 / 1536) * 786432 + (((d0 * 2 + d1 / 64) / 3) mod 1024) * 768 + ((d0 * 2 + d1 / 64) mod 3) * "
        "256 "
        "+ (d1 mod 64) * 4), domain: d0 in [0, 3071], d1 in [0, 127]",
        1, "(d0, d1) -> (d0 * 512 + d1 * 4), domain: d0 in [0, 3071], d1 in [0, 127]");
    MAP("()[s0] -> ((s0 * 128) mod 715 + ((s0 * 64) / 715) * 715), domain: s0 in [0, 127]", 1,
        "()[s0] -> (((s0 * 64) floordiv 715) * 715 + (s0 * 128) mod 715), domain: s0 in [0, 127]");
    MAP("()[s0] -> (-(s0 / 144) + (s0 * 32 + 4639) / 4608), domain: s0 in [0, 10000]", 1,
        "()[s0] -> (1), domain: s0 in [0, 10000]");
    MAP("()[s0] -> (s0 - ((s0 / 2) / 7) * 14 + (s0 / 14) * 14), domain: s0 in [0, 1233]", 1,
        "()[s0] -> (s0), domain: s0 in [0, 1233]");
    MAP("()[s0, s1] -> ((s0 * 2 + s1 / 64) / 3), domain: s0 in [0, 1233], s1 in [0, 127]", 1,
        "()[s0, s1] -> ((s0 * 128 + s1) floordiv 192), domain: s0 in [0, 1233], s1 in [0, 127]");
    MAP("()[s0] -> ((s0 * 6 + 9) / 18), domain: s0 in [0, 1233]", 1,
        "()[s0] -> ((s0 * 2 + 3) floordiv 6), domain: s0 in [0, 1233]");
    MAP("()[s0, s1] -> ((s0 / 3 + s1 / 3) / 6), domain: s0 in [0, 1233], s1 in [0, 127]", 1,
        "()[s0, s1] -> ((s0 floordiv 3 + s1 floordiv 3) floordiv 6), domain: s0 in [0, 1233], s1 in [0, 127]");
    MAP("()[s0] -> ((s0 * 16 - 497) / 512), domain: s0 in [0, 4]", 1, "()[s0] -> (-1), domain: s0 in [0, 4]");
    MAP("()[s0] -> ((s0 / 2) / -7), domain: s0 in [0, 1233]", 1,
        "()[s0] -> ((s0 floordiv 2) floordiv -7), domain: s0 in [0, 1233]");
    MAP("()[s0, s1, s2, s3] -> ((s0 * 458752 + s1 + s2 * 4 + s3 * 512) mod 20000), domain: s0 in [0, 871], s1 in [0, "
        "3], "
        "s2 in [0, 127], s3 in [0, 895]",
        1,
        "()[s0, s1, s2, s3] -> (((s0 * 114688 + s3 * 128 + s2) mod 5000) * 4 + s1), domain: s0 in [0, 871], s1 in [0, "
        "3], "
        "s2 in [0, 127], s3 in [0, 895]");
    MAP("()[s0, s1] -> ((s0 * 16 - (s1 / 4) / 2 + (s1 / 8) * 2) / 4), domain: s0 in [0, 1], s1 in [0, 127]", 1,
        "()[s0, s1] -> (s0 * 4 + s1 floordiv 32), domain: s0 in [0, 1], s1 in [0, 127]");
    {
        tla_ix_map m;
        tla_error e;
        tla_ix_buf out = {0};
        CHECK(
            tla_ix_map_parse(&m, &C,
                             "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 41], s1 in [0, 1], "
                             "s2 in [0, 5], s0 mod 6 in [3, 3]",
                             &e)
            == 0);
        CHECK(tla_ix_rescale_symbols(&C, &m));
        tla_ix_map_print_ex(&C, &m, 1, &out);
        CHECK_STR(out.s, "(d0)[s0, s1, s2] -> (s2, d0, s1, s0 * 6 + 3), domain: d0 in [0, 3], s0 in [0, 6], s1 in [0, "
                         "1], s2 in [0, 5]");
        tla_ix_buf_free(&out);
    }
    /* the composition convention of spec 4 */
    {
        tla_ix_map a, b, ab;
        tla_error e;
        tla_ix_buf out = {0};
        CHECK(tla_ix_map_parse(&a, &C, "(d0)[s0] -> (d0, s0), domain: d0 in [0, 3], s0 in [0, 3]", &e) == 0);
        CHECK(
            tla_ix_map_parse(
                &b, &C,
                "(d0, d1)[s0, s1] -> (d1, d0, s1, s0), domain: d0 in [0, 3], d1 in [0, 3], s0 in [0, 1], s1 in [0, 1]",
                &e)
            == 0);
        CHECK(tla_ix_compose(&ab, &C, &a, &b, &e) == 0);
        tla_ix_map_print_ex(&C, &ab, 1, &out);
        CHECK_STR(
            out.s,
            "(d0)[s0, s1, s2] -> (s2, d0, s1, s0), domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1], s2 in [0, 3]");
        tla_ix_buf_free(&out);
    }
}

static void parser_cases(void) {
    tla_ix_map m;
    tla_error e;
    /* names are kept unless they are the defaults; runtime variables and constraints parse back */
    MAP("(i, j)[range]{rt} -> (i + range * 2 + rt, j), domain: i in [0, 9], j in [0, 4], range in [0, 3], rt in [0, "
        "1], "
        "i + j in [0, 10]",
        0,
        "(i, j)[range]{rt} -> (i + range * 2 + rt, j), domain: i in [0, 9], j in [0, 4], range in [0, 3], rt in [0, "
        "1], "
        "i + j in [0, 10]");
    MAP("(d0, d1)[s0, s1]{rt0} -> (d0, s0 + rt0, d1), domain: d0 in [0, 9], d1 in [0, 19], s0 in [0, 3], s1 in [0, 1], "
        "rt0 in [0, 5], d0 + s0 in [0, 11], d1 mod 2 in [0, 0]",
        0,
        "(d0, d1)[s0, s1]{rt0} -> (d0, s0 + rt0, d1), domain: d0 in [0, 9], d1 in [0, 19], s0 in [0, 3], s1 in [0, 1], "
        "rt0 in [0, 5], d0 + s0 in [0, 11], d1 mod 2 in [0, 0]");
    MAP("(d0, d1)[s0] -> (d0 * 8 + d1, -d1 + 16, (d1 - 3) floordiv 7, d1 ceildiv 2, s0 * -2 + d0 - 4), domain: d0 in "
        "[0, 3], "
        "d1 in [0, 7], s0 in [0, 1]",
        0,
        "(d0, d1)[s0] -> (d0 * 8 + d1, -d1 + 16, (d1 - 3) floordiv 7, d1 ceildiv 2, d0 - s0 * 2 - 4), domain: d0 in "
        "[0, 3], "
        "d1 in [0, 7], s0 in [0, 1]");
    MAP("(d0)[s0] -> (s0 * -2, d0 - d0 floordiv 4 * 4, 4 + d0 * 2), domain: d0 in [0, 9], s0 in [0, 3]", 0,
        "(d0)[s0] -> (s0 * -2, d0 mod 4, d0 * 2 + 4), domain: d0 in [0, 9], s0 in [0, 3]");
    MAP("() -> ()", 0, "() -> ()");
    MAP("(d0) -> (d0), domain: d0 in [5, 4]", 0, "KNOWN EMPTY");
    /* errors: where and why */
    CHECK(tla_ix_map_parse(&m, &C, "(d0) -> (d1), domain: d0 in [0, 3]", &e) != 0 && e.pos == 9
          && strstr(e.msg, "unknown variable"));
    CHECK(tla_ix_map_parse(&m, &C, "(d0) -> (d0 floordiv d0), domain: d0 in [0, 3]", &e) != 0
          && strstr(e.msg, "right operand of floordiv has to be either a constant or symbolic"));
    CHECK(tla_ix_map_parse(&m, &C, "(d0) -> (d0), domain: d1 in [0, 3]", &e) != 0 && strstr(e.msg, "interval of 'd0'"));
    CHECK(tla_ix_map_parse(&m, &C, "(d0) -> (d0", &e) != 0 && e.pos == 11);
    CHECK(tla_ix_map_parse(&m, &C, "(d0, d0) -> (d0), domain: d0 in [0, 1], d0 in [0, 1]", &e) != 0
          && strstr(e.msg, "twice"));
    CHECK(tla_ix_map_parse(&m, &C, "(d0) -> (d0), domain: d0 in [0, 99999999999999999999]", &e) != 0
          && strstr(e.msg, "int64"));
    CHECK(tla_ix_map_parse(&m, &C, "", &e) != 0 && e.pos == 0);
    /* HLO text errors name the line and the instruction */
    {
        tla_hlo_module *h = NULL;
        CHECK(tla_hlo_parse(&h, "p0 = f32[4] parameter(0)\nr = f32[4] add(p0, p9)\n", &e) != 0
              && strstr(e.msg, "line 2") && strstr(e.msg, "'r'") && strstr(e.msg, "unknown operand 'p9'"));
        CHECK(tla_hlo_parse(&h, "p0 = f32[4 parameter(0)\n", &e) != 0 && strstr(e.msg, "line 1")
              && strstr(e.msg, "'p0'"));
        CHECK(tla_hlo_parse(&h, "f {\np0 = f32[4] parameter(0)\n", &e) != 0 && strstr(e.msg, "missing '}'"));
        CHECK(tla_hlo_parse(&h, "p0 = f32[4] parameter(0)\nr = f32[4] fusion(p0), calls=nowhere\n", &e) != 0
              && strstr(e.msg, "unknown computation 'nowhere'"));
        CHECK(tla_hlo_parse(&h, "p0 = f32[4]{1,0} parameter(0)\n", &e) != 0 && strstr(e.msg, "layout"));
        CHECK(tla_hlo_parse(&h, "  // nothing\n", &e) != 0);
        if (tla_hlo_parse(&h, "p0 = f32[4] parameter(0)\n/* c */ r = f32[4] frobnicate(p0) // x\n", &e) == 0) {
            tla_hlo_indexing ix;
            CHECK(tla_hlo_output_to_input(&ix, &C, tla_hlo_root(h), 0, &e) != 0 && strstr(e.msg, "line 2")
                  && strstr(e.msg, "unknown opcode 'frobnicate'"));
            tla_hlo_free(h);
        } else
            CHECK(0);
        if (tla_hlo_parse(&h, "p0 = f32[4,4] parameter(0)\nr = f32[4,4] transpose(p0), dimensions={0,0}\n", &e) == 0) {
            tla_hlo_indexing ix;
            CHECK(tla_hlo_output_to_input(&ix, &C, tla_hlo_root(h), 0, &e) != 0 && strstr(e.msg, "permutation"));
            tla_hlo_free(h);
        } else
            CHECK(0);
    }
}

static void layout_cases(void) {
    const char *cases[][3] = {
        {"(4,8):(8,1)", "(d0, d1) -> (d0 * 8 + d1), domain: d0 in [0, 3], d1 in [0, 7]",
         "(d0) -> (d0 floordiv 8, d0 mod 8), domain: d0 in [0, 31]"},
        {"(4,8):(1,4)", "(d0, d1) -> (d1 * 4 + d0), domain: d0 in [0, 3], d1 in [0, 7]",
         "(d0) -> (d0 mod 4, d0 floordiv 4), domain: d0 in [0, 31]"},
        {"8:2", "(d0) -> (d0 * 2), domain: d0 in [0, 7]", "(d0) -> (d0 floordiv 2), domain: d0 in [0, 14]"},
        {"((2,2),(2,4)):((20,10),(5,1))",
         "(d0, d1) -> ((d0 mod 2) * 20 + (d1 mod 2) * 5 + (d0 floordiv 2) * 10 + d1 floordiv 2), "
         "domain: d0 in [0, 3], d1 in [0, 7]",
         "(d0) -> (((d0 floordiv 10) mod 2) * 2 + d0 floordiv 20, (d0 mod 5) * 2 + (d0 floordiv 5) mod 2), domain: d0 "
         "in [0, 38]"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tla_layout L;
        tla_ix_map m;
        tla_error e;
        tla_ix_buf b1 = {0}, b2 = {0};
        CHECK(tla_layout_parse(&L, cases[i][0], &e) == 0);
        CHECK(tla_ix_from_layout(&m, &C, &L, &e) == 0);
        tla_ix_map_print_ex(&C, &m, 1, &b1);
        CHECK_STR(b1.s, cases[i][1]);
        CHECK(tla_ix_from_layout_inverse(&m, &C, &L, &e) == 0);
        tla_ix_map_print_ex(&C, &m, 1, &b2);
        if (cases[i][2][0]) CHECK_STR(b2.s, cases[i][2]);
        tla_ix_buf_free(&b1);
        tla_ix_buf_free(&b2);
    }
    {
        tla_layout L;
        tla_ix_map m;
        tla_error e;
        CHECK(tla_layout_parse(&L, "(2,2):(1,1)", &e) == 0);
        CHECK(tla_ix_from_layout_inverse(&m, &C, &L, &e) != 0 && strstr(e.msg, "injective"));
    }
}
