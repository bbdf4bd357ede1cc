# bench/cute.sh - find CuTe for the benchmarks (sourced by bench/compile_cost.sh and bench/run.sh).
# find_cute sets CUTE=1, CUTE_INC (the -isystem flags) and CUTE_FROM, or CUTE=0 and CUTE_WHY.
# It looks in CUTLASS_DIR, build/cutlass, then a git mirror (CUTLASS_GIT, or the fetch tool's
# /work/.mirror/NVIDIA+cutlass/repo, copied to build/cutlass once); the CUDA headers in
# CUDA_INCLUDE, /usr/local/cuda/include or /usr/include.  COMPILE_COST_NO_CUTE=1 skips it.
CXX=${CXX:-g++}
find_cute() {
    CUTE=0
    [ "${COMPILE_COST_NO_CUTE:-0}" = 1 ] && { CUTE_WHY="COMPILE_COST_NO_CUTE=1"; return; }
    command -v "$CXX" > /dev/null 2>&1 || { CUTE_WHY="no $CXX"; return; }
    cut=''
    for d in ${CUTLASS_DIR:-} build/cutlass; do
        if [ -f "$d/include/cute/layout.hpp" ]; then cut=$d; break; fi
    done
    if [ -z "$cut" ]; then
        for g in ${CUTLASS_GIT:-} /work/.mirror/NVIDIA+cutlass/repo; do
            git --git-dir="$g" rev-parse -q --verify HEAD > /dev/null 2>&1 || continue
            rm -rf build/cutlass.tmp && mkdir -p build/cutlass.tmp
            # (a mirror may lack unrelated large objects: git archive complains, include/ is there)
            git --git-dir="$g" archive HEAD include/cute include/cutlass 2> /dev/null | tar -x -C build/cutlass.tmp 2> /dev/null
            git --git-dir="$g" log -1 --format='%h %cs' HEAD > build/cutlass.tmp/COMMIT
            if [ -f build/cutlass.tmp/include/cute/layout.hpp ]; then
                rm -rf build/cutlass && mv build/cutlass.tmp build/cutlass && cut=build/cutlass && break
            fi
            rm -rf build/cutlass.tmp
        done
    fi
    [ -n "$cut" ] || { CUTE_WHY="no CUTLASS checkout; set CUTLASS_DIR or CUTLASS_GIT"; return; }
    cuda=''
    for d in ${CUDA_INCLUDE:-} /usr/local/cuda/include /usr/include; do
        if [ -f "$d/cuda_runtime_api.h" ]; then cuda=$d; break; fi
    done
    [ -n "$cuda" ] || { CUTE_WHY="no CUDA headers (cuda_runtime_api.h); set CUDA_INCLUDE"; return; }
    CUTE_INC="-isystem $cut/include -isystem $cuda"
    [ -d "$cuda/cccl" ] && CUTE_INC="$CUTE_INC -isystem $cuda/cccl"   # cuda/std/... (CUDA 13)
    CUTE=1 CUTE_FROM=$cut
    [ -f "$cut/COMMIT" ] && CUTE_FROM="CUTLASS $(cat "$cut/COMMIT")"
}
