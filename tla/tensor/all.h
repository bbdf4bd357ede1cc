/* tla/tensor/all.h - every header of tla/tensor/ in one include (the folder's umbrella):
 * run-time tensors and tiles (tensor.h), tla_copy with its planner and
 * kernels and block loops (copy.h, copy_plan.h, copy_kernels.h, copy_exec.h), compact rank-2 tensors (tensor2.h), static
 * and mixed tensors (static.h).
 */
#ifndef TLA_TENSOR_ALL_H
#define TLA_TENSOR_ALL_H

#include "tla/tensor/tensor.h"
#include "tla/tensor/copy_plan.h"
#include "tla/tensor/copy_kernels.h"
#include "tla/tensor/copy_exec.h"
#include "tla/tensor/copy.h"
#include "tla/tensor/tensor2.h"
#include "tla/tensor/static.h"

#endif
