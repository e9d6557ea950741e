# SPDX-License-Identifier: MIT
# tests/lab/guest/rdma_res.sh - what iproute2's `rdma` says about the RDMA
# resources of each device, in the line format tests/rdma_nl_record prints:
#   rxe0 qp 3 cq 4 mr 2 pd 2 RESET 0 INIT 0 RTR 0 RTS 3 SQD 0 SQE 0 ERR 0
# Read by the lab test 68-resources.sh and, on the host, by
# tests/test_rdma_res.sh on the outputs the lab recorded (the reference the
# recorded replies are checked against).
#
# rdma_res_expect SUMMARY QPS - SUMMARY is `rdma resource show` output
# ("0: rxe0: pd 2 cq 4 qp 3 cm_id 0 mr 2 ctx 1 srq 0"), QPS is `rdma
# resource show qp` output ("link rxe0/1 lqpn 1 type GSI state RTS ...").
rdma_res_expect() {
	awk '
		FNR == 1 { file++ }
		file == 1 && $2 ~ /:$/ {
			dev = substr($2, 1, length($2) - 1)
			devs[++n] = dev
			for (i = 3; i < NF; i += 2)
				v[dev, $i] = $(i + 1)
			next
		}
		file == 2 && $1 == "link" {
			split($2, l, "/")
			for (i = 3; i < NF; i++)
				if ($i == "state")
					st[l[1], $(i + 1)]++
		}
		END {
			split("RESET INIT RTR RTS SQD SQE ERR", names, " ")
			for (k = 1; k <= n; k++) {
				d = devs[k]
				line = sprintf("%s qp %d cq %d mr %d pd %d", d, v[d, "qp"],
					v[d, "cq"], v[d, "mr"], v[d, "pd"])
				for (s = 1; s <= 7; s++)
					line = line sprintf(" %s %d", names[s], st[d, names[s]])
				print line
			}
		}' "$1" "$2"
}
