/* tla/sparse/all.h - every header of tla/sparse/ in one include (the folder's umbrella):
 * MLIR sparse tensor encodings: types and affine expressions (affine.h),
 * parse, verify and print (encoding.h), storage from dense and back (storage.h), and an
 * encoding's dimension-to-level map as an XLA indexing map (ixmap.h, which includes
 * tla/ixmap/: tla.h includes it only with both TLA_WITH_SPARSE and TLA_WITH_MAPS).
 */
#ifndef TLA_SPARSE_ALL_H
#define TLA_SPARSE_ALL_H

#include "tla/sparse/affine.h"
#include "tla/sparse/encoding.h"
#include "tla/sparse/storage.h"
#include "tla/sparse/ixmap.h"

#endif
