/*
 * Typed, bounded reads of a server's JSON; see json.h.
 */
#include <string.h>

#include "lib/json.h"
#include "lib/xmalloc.h"

const char *
json_string(const cJSON *obj, const char *name, size_t max)
{
	const cJSON	*item;

	if (!cJSON_IsObject(obj))
		return NULL;
	item = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!cJSON_IsString(item) || item->valuestring == NULL ||
	    item->valuestring[0] == '\0' || strlen(item->valuestring) > max)
		return NULL;
	return item->valuestring;
}

const char *
json_digits(const cJSON *obj, const char *name, size_t max)
{
	const char	*s = json_string(obj, name, max), *p;

	if (s == NULL)
		return NULL;
	for (p = s; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return NULL;
	return s;
}

int
json_int(const cJSON *obj, const char *name, int64_t min, int64_t max,
    int64_t *out)
{
	const cJSON	*item;
	double		 v;

	if (!cJSON_IsObject(obj))
		return -1;
	item = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!cJSON_IsNumber(item))
		return -1;
	v = item->valuedouble;
	if (v != v || v < (double)min || v > (double)max ||
	    v != (double)(int64_t)v)
		return -1;
	*out = (int64_t)v;
	return 0;
}

int
json_true(const cJSON *obj, const char *name)
{
	if (!cJSON_IsObject(obj))
		return 0;
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(obj, name));
}

const cJSON *
json_object(const cJSON *obj, const char *name)
{
	const cJSON	*item;

	if (!cJSON_IsObject(obj))
		return NULL;
	item = cJSON_GetObjectItemCaseSensitive(obj, name);
	return cJSON_IsObject(item) ? item : NULL;
}

char *
json_print(cJSON *obj)
{
	char	*s;

	if ((s = cJSON_PrintUnformatted(obj)) == NULL)
		fatalx("cJSON_PrintUnformatted failed");
	cJSON_Delete(obj);
	return s;
}
