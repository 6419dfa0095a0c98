/*
 * A game's emoji with their names, read once from its card data.
 */
#include <string.h>
#include <threads.h>

#include <cjson/cJSON.h>

#include "game/game.h"
#include "lib/xmalloc.h"

/* Adds o's "emoji" and "name" to list (n entries of max) when both are strings. */
static void
words_add(const cJSON *o, struct game_word *list, size_t *n, size_t max)
{
	const cJSON	*e = cJSON_GetObjectItemCaseSensitive(o, "emoji");
	const cJSON	*w = cJSON_GetObjectItemCaseSensitive(o, "name");

	if (!cJSON_IsString(e) || !cJSON_IsString(w) || *n + 1 >= max ||
	    e->valuestring[0] == '\0' || w->valuestring[0] == '\0')
		return;
	/* Kept for the life of the process, like the data they come from. */
	list[*n].emoji = xstrdup(e->valuestring);
	list[*n].word = xstrdup(w->valuestring);
	(*n)++;
}

static size_t
words_read(const char *json, const char *const *keys,
    struct game_word *list, size_t max)
{
	const cJSON	*v, *o;
	cJSON		*doc;
	size_t		 n = 0;
	int		 k;

	if (max == 0)
		return 0;
	if ((doc = cJSON_Parse(json)) != NULL) {
		for (k = 0; keys[k] != NULL; k++) {
			v = cJSON_GetObjectItemCaseSensitive(doc, keys[k]);
			if (cJSON_IsObject(v))
				words_add(v, list, &n, max);
			else if (cJSON_IsArray(v)) {
				cJSON_ArrayForEach(o, v)
					words_add(o, list, &n, max);
			}
		}
		cJSON_Delete(doc);
	}
	list[n].emoji = NULL;
	list[n].word = NULL;
	return n;
}

/* Lists read so far, by the data they came from; a few games only. */
#define WORDS_GAMES	8
#define WORDS_MAX	32
static struct {
	const char		*json;
	struct game_word	 list[WORDS_MAX];
} words_cache[WORDS_GAMES];
static mtx_t		words_lock;
static once_flag	words_once = ONCE_FLAG_INIT;

static void
words_init(void)
{
	mtx_init(&words_lock, mtx_plain);
}

const struct game_word *
game_words(const char *json, const char *const *keys)
{
	static struct game_word	 none[1];
	const struct game_word	*w = none;
	int			 i;

	call_once(&words_once, words_init);
	mtx_lock(&words_lock);
	for (i = 0; i < WORDS_GAMES; i++) {
		if (words_cache[i].json == NULL) {
			words_cache[i].json = json;
			words_read(json, keys, words_cache[i].list, WORDS_MAX);
		}
		if (words_cache[i].json == json) {
			w = words_cache[i].list;
			break;
		}
	}
	mtx_unlock(&words_lock);
	return w;
}
