/* tla/algebra/all.h - every header of tla/algebra/ in one include (the folder's umbrella):
 * CuTe's layout algebra on run-time layouts (algebra.h) and its divides and
 * products (divide.h).
 */
#ifndef TLA_ALGEBRA_ALL_H
#define TLA_ALGEBRA_ALL_H

#include "tla/algebra/algebra.h"
#include "tla/algebra/divide.h"

#endif
