#!/bin/bash
# SPDX-License-Identifier: MIT
# pair/20-matrix.sh - the fault matrix on two hosts (docs/lab.md "The fault
# matrix"), first half: the healthy pair, the neighbour, the route, the
# address, ARP flux, the default route (25-matrix.sh: the rest).  Each
# fault made on the side it lives on, one at a time, the
# tree a user would pick for its symptom run on A against B (rocescope
# serve there, probes for real), and the first failing step's check or
# cause_check must name the real cause; the healthy pair has no failing
# step in any tree.  Every run is a TAP comment row:
#   MATRIX | fault | tree | step | check | cause_check | verdict | right
# which is the table of docs/lab.md.
. /lab-guest/tap.sh
. /lab-guest/pair.sh
. /lab-guest/matrix.sh
plan 11
B=$PAIR_B

serve_b
healthy connection-failure --peer $B -x 1
healthy low-bandwidth --peer $B
healthy large-message-crash -s 1048576
healthy first-time-setup --peer $B

UNDO=pair_reset
scenario neigh_bogus connection-failure net.peer_neigh \
	"wrong permanent neighbour MAC: net.peer_neigh (B answers ARP with its own MAC)" --peer $B -x 1
scenario arp_unanswered connection-failure net.peer_neigh \
	"ARP unanswered (B never sees the request): net.peer_neigh" --peer $B -x 1
scenario arp_off connection-failure net.peer_neigh \
	"ARP off on A's RDMA port: net.peer_neigh (NOARP, A's own MAC)" --peer $B -x 1

fault_wrong_route
walk wrong_route connection-failure net.peer_route --peer $B -x 1
walk wrong_route low-bandwidth net.peer_route --peer $B
r2=$RIGHT
pair_reset
ok $((RIGHT | r2)) "route to B through the management network: net.peer_route, in connection-failure and low-bandwidth"

scenario addr_gone connection-failure net.addr \
	"A's RDMA netdev lost its IPv4 address: net.addr (the walk runs; the route now leaves by eth1)" \
	--peer $B -x 1

fault_flux
mac=$(pair_b_neigh_of_a)
diag "B's entry for 10.99.0.1 holds $mac (eth0 $(cat /sys/class/net/eth0/address), eth2 $(cat /sys/class/net/eth2/address))"
walk arp_flux first-time-setup net.arp_flux --peer $B
pair_reset
serve_b
ok $RIGHT "two ports in one subnet, ARP flux happening (B's entry for A's address: eth2's MAC): net.arp_flux"

scenario default_route first-time-setup net.default_route_rdma \
	"default route through the RDMA port (nothing fails yet): the checklist's first latent warning" \
	--peer $B
unserve_b
