/*
 * fnv: the FNV-1a hash, 64 bits, for hash tables and change digests
 * (never for anything an attacker must not forge).
 */
#ifndef LIB_FNV_H
#define LIB_FNV_H

#include <stddef.h>
#include <stdint.h>

/* The hash of nothing: where a hash starts. */
#define FNV64_START	14695981039346656037ULL

/* h carried on over the n bytes at p. */
uint64_t	fnv64_add(uint64_t h, const void *p, size_t n);
/* h carried on over the string s (NUL-terminated, the NUL not hashed). */
uint64_t	fnv64_str(uint64_t h, const char *s);

#endif
