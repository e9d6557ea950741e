/* SPDX-License-Identifier: MIT */
/*
 * producer.h - which producers (src/collect/producer.h) a session's source
 * uses, in which order (producers.c): the kinds of source and the scopes.
 */
#ifndef RS_PRODUCER_H
#define RS_PRODUCER_H

#include "collect/producer.h"

enum rs_source_kind {
	RS_SOURCE_LIVE,
	RS_SOURCE_ROOT,
	RS_SOURCE_FILE,
	RS_SOURCE_DEMO,
	RS_SOURCE_REPLAY,		/* a recording (--replay FILE): moves as it was recorded */
};

enum rs_scope {
	RS_SCOPE_ALL,			/* everything */
	RS_SCOPE_GIDS,			/* RDMA devices and addresses: the fast `gids` */
};

/* The producers a source uses, in collection order; NULL-terminated. */
const struct rs_producer_ops *const *rs_producers_for(enum rs_source_kind kind,
						      enum rs_scope scope);

#endif
