/*
 * json: typed, bounded reads of JSON that came from a server (OpenBSD's
 * IMSG_SIZE_CHECK habit): a member is used only when it has the type and
 * the size the caller expects.
 */
#ifndef LIB_JSON_H
#define LIB_JSON_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/*
 * The string member name of obj (borrowed) if obj is an object and the
 * member a string of 1..max bytes; NULL otherwise.
 */
const char	*json_string(const cJSON *obj, const char *name, size_t max);
/*
 * The string member name of obj (borrowed) if it is 1..max ASCII digits
 * (an id such as a Discord snowflake); NULL otherwise.
 */
const char	*json_digits(const cJSON *obj, const char *name, size_t max);
/* An integral number member within min..max into *out; 0, or -1. */
int		 json_int(const cJSON *obj, const char *name, int64_t min,
		     int64_t max, int64_t *out);
/* A true boolean member: 1; anything else (false, absent, not a bool): 0. */
int		 json_true(const cJSON *obj, const char *name);
/*
 * obj as compact JSON text, obj freed (cJSON_Delete); the caller frees
 * the text.  Running out of memory is fatal.
 */
char		*json_print(cJSON *obj);
/* The object member name of obj, or NULL. */
const cJSON	*json_object(const cJSON *obj, const char *name);

#endif
