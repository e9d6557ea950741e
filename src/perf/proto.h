/* SPDX-License-Identifier: MIT */
/*
 * proto.h - rocescope's test control protocol: pure encode and decode of
 * the messages `rocescope bw|lat` and `rocescope serve` exchange over TCP
 * (docs/tests.md "Protocol").  No sockets here: ctrl.c moves the bytes.
 *
 * Every message is a 16-byte header (network byte order)
 *     u32 magic "RSPF" | u8 version | u8 type | u16 zero | u32 length | u32 zero
 * and `length` payload bytes (at most RS_PERF_MAX_PAYLOAD).  Payload fields
 * are fixed-width big-endian numbers and strings as u16 length + bytes (no
 * NUL inside, bounded by the field).  Decoding is strict: a wrong magic,
 * version or type, a length over the limit, a field that runs past the end,
 * a string too long for its field, a NUL or a trailing byte are all
 * errors, never a partial message.
 *
 * The first 16 bytes of a peer also tell who it is: rs_perf_sniff()
 * recognises perftest's version exchange and ibv_rc_pingpong's key
 * message (docs/tests.md, Protocol), so both ends can say the peer speaks another
 * protocol instead of waiting for bytes that never come.
 */
#ifndef RS_PERF_PROTO_H
#define RS_PERF_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define RS_PERF_MAGIC		0x52535046u	/* "RSPF" */
#define RS_PERF_VERSION		2	/* 2: a view carries the end's DCQCN settings and its neighbour entry */
#define RS_PERF_VERSION_MIN	1	/* still read, and answered in */
#define RS_PERF_HDR_LEN		16
#define RS_PERF_MAX_PAYLOAD	4096
#define RS_PERF_MAX_QPS		16
#define RS_PERF_STR_LEN		64	/* every string field, NUL included */
#define RS_PERF_MSG_LEN		256	/* error text, NUL included */
#define RS_PERF_DEFAULT_PORT	18515

enum rs_perf_msg_type {
	RS_MSG_HELLO = 1,	/* client -> server: the test and the client's view */
	RS_MSG_WELCOME,		/* server -> client: the server's view */
	RS_MSG_QPS,		/* both: queue pairs to connect to */
	RS_MSG_READY,		/* both: my QPs are in RTS */
	RS_MSG_SYNC,		/* both: barrier between sizes of a sweep */
	RS_MSG_DONE,		/* both: test over, with my counts */
	RS_MSG_ERROR,		/* either: I failed, here is why (mapped) */
	RS_MSG_TYPE_MAX = RS_MSG_ERROR,
};

enum rs_perf_test { RS_PERF_BW = 1, RS_PERF_LAT = 2 };
enum rs_perf_verb { RS_VERB_WRITE = 1, RS_VERB_READ = 2, RS_VERB_SEND = 3 };

/* One end's view of itself, sent so the other end can compare. */
struct rs_perf_view {
	char version[RS_PERF_STR_LEN];	/* rocescope version */
	char hostname[RS_PERF_STR_LEN];
	char device[RS_PERF_STR_LEN];
	uint32_t port;
	int32_t gid_index;		/* -1 unknown */
	char gid[RS_PERF_STR_LEN];	/* as sysfs prints it */
	char gid_type[RS_PERF_STR_LEN];	/* "RoCE v2", "IB/RoCE v1", "" */
	char netdev[RS_PERF_STR_LEN];
	char addr[RS_PERF_STR_LEN];	/* the GID's IP address */
	uint32_t netdev_mtu;		/* bytes, 0 unknown */
	uint32_t active_mtu;		/* bytes, 0 unknown */
	uint32_t link_mbps;		/* port rate in Mb/s, 0 unknown */
	char port_state[RS_PERF_STR_LEN];
	char pfc[RS_PERF_STR_LEN];	/* "none", "3", "3,4"; "unknown" without DCB */
	char trust[RS_PERF_STR_LEN];
	uint64_t memlock;		/* bytes, UINT64_MAX unlimited, 0 unknown */
	/* Version 2: "np 3 rp 3 cnp_dscp 48 cnp_prio 6" (priority masks in
	 * hex), or "unknown" where the driver shows none (upstream mlx5, rxe). */
	char dcqcn[RS_PERF_STR_LEN];
	/* This end's neighbour entry for the other end's address (ARP flux
	 * shows there): the address and the MAC it holds, "" unknown. */
	char neigh_ip[RS_PERF_STR_LEN];
	char neigh_mac[RS_PERF_STR_LEN];
};

struct rs_perf_params {
	uint8_t test;			/* enum rs_perf_test */
	uint8_t verb;			/* enum rs_perf_verb */
	uint8_t sweep;			/* -a: every power of two up to size */
	uint16_t qps;
	uint32_t size;			/* bytes (largest of a sweep) */
	uint64_t iters;			/* per size; 0 with a duration */
	uint32_t duration_ms;		/* 0 with iterations */
	uint32_t tx_depth;
	uint32_t mtu;			/* bytes wanted, 0 = the port's active MTU */
};

struct rs_perf_qp_info {
	uint32_t qpn, psn, rkey;
	uint64_t addr;
	uint8_t gid[16];
};

struct rs_perf_qps {
	uint32_t mtu;			/* the sender's path MTU, bytes */
	uint16_t n;
	struct rs_perf_qp_info qp[RS_PERF_MAX_QPS];
};

struct rs_perf_done {
	uint64_t bytes, msgs, ns;	/* what this end measured */
};

struct rs_perf_err_msg {
	uint16_t code;			/* enum rs_perf_fail */
	char message[RS_PERF_MSG_LEN];
};

struct rs_perf_msg {
	uint8_t type;			/* enum rs_perf_msg_type */
	uint8_t version;		/* encode: 0 is RS_PERF_VERSION; decode: the header's */
	union {
		struct {
			struct rs_perf_params params;
			struct rs_perf_view view;
		} hello;
		struct rs_perf_view welcome;
		struct rs_perf_qps qps;
		uint32_t sync;
		struct rs_perf_done done;
		struct rs_perf_err_msg error;
	} u;
};

struct rs_perf_hdr {
	uint32_t magic;
	uint8_t version, type;
	uint32_t length;
};

/* Who is on the other end, judged from its first 16 bytes. */
enum rs_perf_peer_kind {
	RS_PEER_ROCESCOPE,
	RS_PEER_PERFTEST,	/* "6.20" + NULs: perftest's version exchange */
	RS_PEER_PINGPONG,	/* "0000:00001d:533a2f:...": ibv_rc_pingpong */
	RS_PEER_UNKNOWN,
};

/* Encode m into buf (header included); 0 and *len, or -EMSGSIZE/-EINVAL. */
int rs_perf_encode(const struct rs_perf_msg *m, uint8_t *buf, size_t cap, size_t *len);

/*
 * The header from exactly RS_PERF_HDR_LEN bytes: 0, -EPROTO (not our magic:
 * ask rs_perf_sniff), -EPROTONOSUPPORT (our magic, other version),
 * -EBADMSG (bad type or reserved bits), -EMSGSIZE (length over the limit).
 * Versions RS_PERF_VERSION_MIN to RS_PERF_VERSION are ours.
 */
int rs_perf_decode_hdr(const uint8_t *buf, struct rs_perf_hdr *h);

/* The payload of a message whose header decoded: 0 or -EBADMSG. */
int rs_perf_decode_payload(const struct rs_perf_hdr *h, const uint8_t *p, size_t len,
			   struct rs_perf_msg *m);

/* Header and payload in one buffer of exactly one message. */
int rs_perf_decode(const uint8_t *buf, size_t len, struct rs_perf_msg *m);

/* What the first bytes (up to 16) say the peer speaks; ver gets perftest's
 * version text ("6.20") when it is perftest. */
enum rs_perf_peer_kind rs_perf_sniff(const uint8_t *buf, size_t len, char *ver, size_t verlen);
const char *rs_perf_peer_kind_name(enum rs_perf_peer_kind k);

const char *rs_perf_msg_name(unsigned type);

/* Text from a peer made safe for a terminal: printable ASCII kept, other
 * bytes as \xNN; never cut silently (out of room: ends with "..."). */
void rs_perf_escape(const char *in, char *out, size_t outlen);

#endif
