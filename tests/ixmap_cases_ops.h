/* tests/ixmap_cases_ops.h - scaled-dot, scan, all-gather and all-gather-start: XLA's
 * indexing_analysis_test.cc cases (ScaledDotOp, AllGatherOp, AllGatherFusionWithTranspose,
 * AllGatherFusionWithReshape, ChainedAllGatherFusion, AllGatherDotFusion_*; the grouped ones,
 * which XLA asks for through ComputeGroupedOutputToInputIndexing of a producer-consumer
 * fusion, here as fusion bodies), and maps derived from XLA's rules where it has no test
 * (scan; all-gather-start, whose tuple shape indexes its element 1; no input-to-output rule). */

static void op_cases(void) {
    const char *scan = "HloModule m\nadd {\np0 = f32[] parameter(0)\np1 = f32[] parameter(1)\n"
                       "add = f32[] add(p0, p1)\nROOT tuple = (f32[], f32[]) tuple(add, add)\n}\n"
                       "ENTRY e {\np0 = f32[100] parameter(0)\np1 = f32[] parameter(1)\n"
                       "ROOT scan = (f32[100], f32[]) scan(p0, p1),\n"
                       "dimensions={0}, num_carries=1, is_associative=true, to_apply=add\n}\n";
    const char *ags =
        "input = f32[128,32] parameter(0)\n"
        "ags = (f32[128,32], f32[256,32]) all-gather-start(input), replica_groups={{0,1}}, dimensions={0}\n";
    /* ScaledDotOp */
    HLO(ENTRY_("a = f32[2,10] parameter(0)\nb = f32[10,2] parameter(1)\na_scale = f32[2,2] parameter(2)\n"
               "b_scale = f32[2,2] parameter(3)\nROOT dot = f32[2,2] scaled-dot(a, b, a_scale, b_scale),\n"
               "lhs_contracting_dims={1},\nrhs_contracting_dims={0}"),
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]"
        "operand id = 1 (d0, d1)[s0] -> (s0, d1), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]"
        "operand id = 2 (d0, d1)[s0] -> (d0, s0 floordiv 5), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]"
        "operand id = 3 (d0, d1)[s0] -> (s0 floordiv 5, d1), domain: d0 in [0, 1], d1 in [0, 1], s0 in [0, 9]");
    /* a block-scaled dot as XLA's GPU tests write it (scales 32 times coarser along k), and
     * no input-to-output rule */
    HLO("ENTRY main {\n%lhs = f8e4m3fn[128,256] parameter(0)\n%rhs = f8e4m3fn[128,256] parameter(1)\n"
        "%lhs_scale = f8e8m0fnu[128,8] parameter(2)\n%rhs_scale = f8e8m0fnu[128,8] parameter(3)\n"
        "ROOT %result = f16[128,128] scaled-dot(%lhs, %rhs, %lhs_scale, %rhs_scale),\n"
        "lhs_contracting_dims={1}, rhs_contracting_dims={1}\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0, s0), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "operand id = 1 (d0, d1)[s0] -> (d1, s0), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "operand id = 2 (d0, d1)[s0] -> (d0, s0 floordiv 32), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "operand id = 3 (d0, d1)[s0] -> (d1, s0 floordiv 32), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]");
    HLO(ENTRY_("a = f32[2,10] parameter(0)\nb = f32[10,2] parameter(1)\na_scale = f32[2,2] parameter(2)\n"
               "b_scale = f32[2,2] parameter(3)\nROOT dot = f32[2,2] scaled-dot(a, b, a_scale, b_scale),\n"
               "lhs_contracting_dims={1},\nrhs_contracting_dims={0}"),
        'i', 2, "operand id = 0 unknown indexing");
    /* scan (ComputeOutputToInputScanOpIndexing): inputs by identity, carries by a scalar map;
     * the scalar carry output maps every operand by a scalar map */
    HLO(scan, 'o', 0,
        "operand id = 0 (d0) -> (d0), domain: d0 in [0, 99] operand id = 1 (d0) -> (), domain: d0 in [0, 99]");
    HLO(scan, 'o', 1, "operand id = 0 () -> () operand id = 1 () -> ()");
    HLO(scan, 'i', 0, "operand id = 0 unknown indexing operand id = 1 unknown indexing");
    HLO(ENTRY_("p0 = f32[8,16] parameter(0)\np1 = f32[8,16] parameter(1)\np2 = f32[16] parameter(2)\n"
               "ROOT scan = (f32[8,16], f32[8,16], f32[16]) scan(p0, p1, p2), dimensions={0}, num_carries=1, "
               "to_apply=body"),
        'o', 1,
        "operand id = 0 (d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 15]"
        "operand id = 1 (d0, d1) -> (d0, d1), domain: d0 in [0, 7], d1 in [0, 15]"
        "operand id = 2 (d0, d1) -> (), domain: d0 in [0, 7], d1 in [0, 15]");
    /* AllGatherOp */
    HLO("HloModule m, replica_count=4\nENTRY e {\np0 = f32[128, 128] parameter(0)\n"
        "ROOT all-gather = f32[128, 256] all-gather(p0),\nreplica_groups={{0,1}, {2,3}}, dimensions={1}\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1) -> (d0, d1 mod 128), domain: d0 in [0, 127], d1 in [0, 255]"
        "replica id: (d0, d1) -> (d1 floordiv 128), domain: d0 in [0, 127], d1 in [0, 255]");
    /* AllGatherFusionWithTranspose */
    HLO("HloModule m\nfusion_computation {\np0 = f32[16384] parameter(0)\np1 = f32[128, 256] parameter(1)\n"
        "bitcast = f32[128, 128] bitcast(p0)\nall-gather = f32[256, 128] all-gather(bitcast), replica_groups={{0,1}},\n"
        "dimensions={0}\ntranspose = f32[128, 256] transpose(all-gather), dimensions={1, 0}\n"
        "ROOT add = f32[128, 256] add(transpose, p1)\n}\nENTRY e {\np0 = f32[16384] parameter(0)\n"
        "p1 = f32[128, 256] parameter(1)\n"
        "ROOT fusion = f32[128, 256] fusion(p0, p1), kind=kLoop, calls=fusion_computation\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1) -> ((d1 mod 128) * 128 + d0), domain: d0 in [0, 127], d1 in [0, 255]"
        "replica id: (d0, d1) -> (d1 floordiv 128), domain: d0 in [0, 127], d1 in [0, 255]"
        "operand id = 1 (d0, d1) -> (d0, d1), domain: d0 in [0, 127], d1 in [0, 255]");
    /* AllGatherFusionWithReshape: the replica map is composed, not simplified */
    HLO("f {\np0 = f32[128, 128] parameter(0)\n"
        "all-gather = f32[256, 128] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n"
        "ROOT reshape = f32[32768] reshape(all-gather)\n}\n",
        'o', 0,
        "operand id = 0 (d0) -> ((d0 floordiv 128) mod 128, d0 mod 128), domain: d0 in [0, 32767]"
        "replica id: (d0) -> ((d0 floordiv 128) floordiv 128), domain: d0 in [0, 32767],"
        "d0 floordiv 128 in [0, 255], d0 mod 128 in [0, 127]");
    /* ChainedAllGatherFusion: two collectives in a row are unknown */
    HLO("f {\np0 = f32[128] parameter(0)\n"
        "all-gather.0 = f32[256] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n"
        "ROOT all-gather.1 = f32[512] all-gather(all-gather.0), replica_groups={{0,1}}, dimensions={0}\n}\n",
        'o', 0, "operand id = 0 unknown indexing");
    /* AllGatherDotFusion_GatherNonContractingDim, _GatherContractingDim (operand 0) */
    HLO("f {\np0 = f32[64, 256] parameter(0)\np1 = f32[256, 128] parameter(1)\n"
        "all-gather = f32[128, 256] all-gather(p0), replica_groups={{0,1}}, dimensions={0}\n"
        "ROOT dot = f32[128, 128] dot(all-gather, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0 mod 64, s0), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "replica id: (d0, d1)[s0] -> (d0 floordiv 64), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "operand id = 1 (d0, d1)[s0] -> (s0, d1), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]");
    HLO("f {\np0 = f32[128, 128] parameter(0)\np1 = f32[256, 128] parameter(1)\n"
        "all-gather = f32[128, 256] all-gather(p0), replica_groups={{0,1}}, dimensions={1}\n"
        "ROOT dot = f32[128, 128] dot(all-gather, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n",
        'o', 0,
        "operand id = 0 (d0, d1)[s0] -> (d0, s0 mod 128), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "replica id: (d0, d1)[s0] -> (s0 floordiv 128), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]"
        "operand id = 1 (d0, d1)[s0] -> (s0, d1), domain: d0 in [0, 127], d1 in [0, 127], s0 in [0, 255]");
    /* all-gather-start: element 1 of its tuple is the gathered array; --simplify keeps the
     * replica map */
    HLO(ags, 'o', 0,
        "operand id = 0 (d0, d1) -> (d0 mod 128, d1), domain: d0 in [0, 255], d1 in [0, 31]"
        "replica id: (d0, d1) -> (d0 floordiv 128), domain: d0 in [0, 255], d1 in [0, 31]");
    HLO(ags, 's', 0,
        "operand id = 0 (d0, d1) -> (d0 mod 128, d1), domain: d0 in [0, 255], d1 in [0, 31]"
        "replica id: (d0, d1) -> (d0 floordiv 128), domain: d0 in [0, 255], d1 in [0, 31]");
    HLO(ags, 'i', 0, "operand id = 0 unknown indexing operand id = 1 unknown indexing");
}
