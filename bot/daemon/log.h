/*
 * log.h: the daemon's log on stderr (journald keeps it under systemd).
 */
#ifndef BOT_DAEMON_LOG_H
#define BOT_DAEMON_LOG_H

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

void	log_set_level(int);
void	log_msg(enum log_level, const char *, ...) __attribute__((format(printf, 2, 3)));

#define log_error(...)	log_msg(LOG_ERROR, __VA_ARGS__)
#define log_warn(...)	log_msg(LOG_WARN, __VA_ARGS__)
#define log_info(...)	log_msg(LOG_INFO, __VA_ARGS__)
#define log_debug(...)	log_msg(LOG_DEBUG, __VA_ARGS__)

#endif
