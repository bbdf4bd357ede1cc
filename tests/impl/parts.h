/* tests/impl/parts.h - what tests/impl/text.c gives tests/impl/main.c. */
#ifndef TLA_TESTS_IMPL_PARTS_H
#define TLA_TESTS_IMPL_PARTS_H
#include <stddef.h>

/* The layout written `text`, coalesced and printed into buf; its length, or -1. */
int impl_coalesce_text(const char *text, char *buf, size_t n);
/* An XLA shape parsed and printed again; its length, or -1. */
int impl_xla_text(const char *text, char *buf, size_t n);
/* Two indexing maps composed (a then b) and printed; its length, or -1. */
int impl_compose_text(const char *a, const char *b, char *buf, size_t n);
/* A sparse encoding parsed and printed again; its length, or -1. */
int impl_sparse_text(const char *text, char *buf, size_t n);

#endif
