/* SPDX-License-Identifier: MIT */
/*
 * capture.h - a RoCE capture as one object: a source (a netdev through
 * libpcap, the mlx5 sniffer of an RDMA device, or a pcap/pcapng file),
 * the decoder, the analysis and optionally a pcap file being written.  No
 * globals: a session may hold several.  Core, no curses.
 *
 * Use, on the event loop (src/runtime/loop.h):
 *
 *   struct rs_capture_spec spec = { .kind = RS_CAP_NETDEV, .name = "veth0" };
 *   rs_capture_open(&c, &spec, err, sizeof(err));   // 0 or -errno + err text
 *   fd = rs_capture_fd(c);                          // >= 0: poll it for POLLIN
 *   rs_io_add(loop, fd, POLLIN, on_readable, c);    // on_readable:
 *       rs_capture_dispatch(c, 256);                //   at most 256 packets
 *   rs_capture_analysis(c)  -> totals, flows, ring (diag: rs_cap_verdicts())
 *   rs_capture_stats(c, &st)  -> received, libpcap drops, bytes written
 *   rs_capture_close(c);
 *
 * A file has no fd worth polling (always readable): rs_capture_fd() is -1
 * and the owner calls rs_capture_dispatch() from a timer armed with
 * rs_capture_delay_ns() (0 = now) until rs_capture_done().  With
 * replay_speed > 0 the packets are delivered at the pace of their
 * timestamps (divided by the speed), and replay_loop starts the file over
 * at its end with time running on: that is the console's demo replay of a
 * bundled pcap, labelled "replay of FILE".  A dispatch budget bounds the
 * work per round either way, so a slow screen never stalls the loop and a
 * busy link never starves the screen (the kernel buffer absorbs bursts;
 * what it could not is in the drop counts).
 *
 * Errors a user can fix come back as -errno with a sentence in err:
 * -EPERM names what is needed (root, or setcap cap_net_raw,cap_net_admin+eip
 * on the binary), -ENODEV names the missing interface or device,
 * -EOPNOTSUPP says a device has no sniffer (rxe) and what to do instead.
 */
#ifndef RS_CAPTURE_H
#define RS_CAPTURE_H

#include "capture/analysis.h"
#include "capture/decode.h"

#include <stddef.h>
#include <stdint.h>

enum rs_cap_kind {
	RS_CAP_NETDEV = 1,	/* libpcap on a network interface */
	RS_CAP_RDMA,		/* the NIC's sniffer flow on an RDMA device */
	RS_CAP_FILE,		/* a pcap or pcapng file */
};

struct rs_capture_spec {
	enum rs_cap_kind kind;
	const char *name;		/* netdev, "mlx5_0[:port]", or the file */
	/* A file held in memory (the console's bundled demo capture): name
	 * is then only its label.  Not copied: it must outlive the capture. */
	const void *data;
	size_t data_len;
	const char *filter;		/* more BPF, and-ed with the RoCE filter; NULL */
	const char *write_path;		/* write what is captured to this pcap; NULL */
	uint64_t rotate_bytes;		/* start a new file past this size; 0 never */
	unsigned rotate_keep;		/* files kept when rotating; 0 all */
	unsigned snaplen;		/* bytes kept per frame; 0: 65535 */
	double replay_speed;		/* file: 0 as fast as possible, else x speed */
	int replay_loop;		/* file: start over at the end */
	size_t flow_cap, ring_cap;	/* analysis caps; 0: defaults */
	/* Called for every packet after it was counted (may be NULL). */
	void (*on_packet)(const struct rs_pkt *p, void *arg);
	void *arg;
};

/* How a capture stands: running, or why it ended (rs_capture_status). */
enum rs_cap_end {
	RS_CAP_RUNNING = 0,
	RS_CAP_END_OF_FILE,	/* a file read to its end (never with replay_loop) */
	RS_CAP_FAILED,		/* the source failed: a damaged file, a device gone */
};

struct rs_capture_stats {
	uint64_t received;	/* frames delivered to the decoder */
	uint64_t dropped;	/* libpcap ps_drop: the buffer was full */
	uint64_t if_dropped;	/* libpcap ps_ifdrop: the interface dropped */
	int have_drops;		/* the source reports drops (live) */
	uint64_t written_bytes;	/* pcap bytes written, all files */
	unsigned written_files;
	int write_failed;	/* writing stopped on an error (disk full) */
	char write_why[256];	/* and why ("FILE: reason"), or "" */
	unsigned passes;	/* replay_loop: times the file was started */
	enum rs_cap_end ended;
	uint64_t records;	/* packets the source read (a file: this pass, filtered too) */
};

struct rs_capture;

int rs_capture_open(struct rs_capture **out, const struct rs_capture_spec *spec, char *err,
		    size_t errlen);
void rs_capture_close(struct rs_capture *c);

/* The fd to poll for POLLIN, or -1 (a file: use rs_capture_delay_ns). */
int rs_capture_fd(const struct rs_capture *c);
/* Nanoseconds until a dispatch has work: 0 now, UINT64_MAX wait for the fd. */
uint64_t rs_capture_delay_ns(const struct rs_capture *c);
/* Handle at most budget frames: their count, or -errno when the source
 * failed (rs_capture_status says why; every later call returns it again). */
int rs_capture_dispatch(struct rs_capture *c, unsigned budget);
/* The owner did not dispatch for paused_ns (a pause): a paced replay
 * goes on where it stopped instead of catching up in a burst. */
void rs_capture_resume(struct rs_capture *c, uint64_t paused_ns);
/* 1 when a file was read to its end (never with replay_loop). */
int rs_capture_done(const struct rs_capture *c);
/*
 * Why the capture ended, as a sentence; "" while it runs.  "end of file
 * after 96 packets"; a file libpcap could not read on: "stopped at packet
 * 37 of the file (36 read): truncated dump file; tried to read 322
 * captured bytes, only got 100" (libpcap's own words); a live source:
 * "stopped after 1200 packets: The interface went down".
 */
const char *rs_capture_status(const struct rs_capture *c);

const struct rs_cap_analysis *rs_capture_analysis(const struct rs_capture *c);
void rs_capture_stats(const struct rs_capture *c, struct rs_capture_stats *st);
/* "live veth0", "file x.pcap", "replay of x.pcap (x1)", "sniffer mlx5_0 port 1". */
const char *rs_capture_label(const struct rs_capture *c);
/*
 * What the view should say about this source, "" when nothing: on an mlx5
 * netdev, that RDMA traffic bypasses the kernel there and the sniffer
 * (-d mlx5_X) sees it.
 */
const char *rs_capture_note(const struct rs_capture *c);
/* Start writing to path (NULL: stop); 0 or -errno with err. */
int rs_capture_write(struct rs_capture *c, const char *path, uint64_t rotate_bytes,
		     unsigned keep, char *err, size_t errlen);

/*
 * The RDMA device on top of a netdev, read under the root (rs_root): 1 and
 * its name and driver ("mlx5_core", "" when unknown) when there is one,
 * 0 when none.  Used for the mlx5 note; tested on fixture trees.
 */
int rs_capture_netdev_rdma(const char *netdev, char *dev, size_t devlen, char *driver,
			   size_t driverlen);
/* The warning shown before the sniffer starts (CAP_NET_RAW, may slow RDMA). */
const char *rs_capture_sniffer_warning(void);

#endif
