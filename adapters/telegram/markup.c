/*
 * Inline keyboards: the bot's buttons as a reply_markup, one keyboard
 * row per button row, each button's id its callback_data.  Telegram
 * takes callback_data of 1 to 64 bytes: the bot's ids fit
 * (bot/saying/buttons.h); one that does not is left out, logged.
 */
#include <string.h>

#include "adapters/telegram/telegram-int.h"
#include "bot/daemon/log.h"

cJSON *
markup_keyboard(const struct adapter_buttons *bs)
{
	cJSON	*markup, *rows, *row = NULL, *b;
	int	 i, last = -1;

	if (bs == NULL || bs->n == 0)
		return NULL;
	markup = cJSON_CreateObject();
	rows = cJSON_AddArrayToObject(markup, "inline_keyboard");
	for (i = 0; i < bs->n && i < ADAPTER_BUTTONS_MAX; i++) {
		if (strlen(bs->b[i].id) == 0 ||
		    strlen(bs->b[i].id) > TG_DATA_MAX) {
			log_warn("telegram: a button whose id does not fit "
			    "callback_data is left out");
			continue;
		}
		if (row == NULL || bs->b[i].row != last) {
			row = cJSON_CreateArray();
			cJSON_AddItemToArray(rows, row);
			last = bs->b[i].row;
		}
		b = cJSON_CreateObject();
		cJSON_AddStringToObject(b, "text", bs->b[i].label);
		cJSON_AddStringToObject(b, "callback_data", bs->b[i].id);
		cJSON_AddItemToArray(row, b);
	}
	return markup;
}

cJSON *
markup_link(const char *text, const char *url)
{
	cJSON	*markup, *rows, *row, *b;

	markup = cJSON_CreateObject();
	rows = cJSON_AddArrayToObject(markup, "inline_keyboard");
	row = cJSON_CreateArray();
	cJSON_AddItemToArray(rows, row);
	b = cJSON_CreateObject();
	cJSON_AddStringToObject(b, "text", text);
	cJSON_AddStringToObject(b, "url", url);
	cJSON_AddItemToArray(row, b);
	return markup;
}
