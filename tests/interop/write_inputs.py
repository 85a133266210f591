#!/usr/bin/env python3
# Writes the msccl-tools JSON and MSCCL XML inputs of tests/interop: JSON as
# Python's json encoder writes an msccl-tools object (key order, ', ' and ': '),
# XML as an indented <algo> tree with the attributes in the order MSCCL's
# writers set them. Run it from this folder to regenerate the files.
import json


def ring_links(n):
    return [[1 if (s - d) % n in (1, n - 1) else 0 for s in range(n)] for d in range(n)]


def full_links(n):
    return [[0 if s == d else 1 for s in range(n)] for d in range(n)]


def line_links(n):
    return [[1 if abs(s - d) == 1 else 0 for s in range(n)] for d in range(n)]


def torus_links(a, b):
    n = a * b
    links = [[0] * n for _ in range(n)]
    for v in range(n):
        x, y = v % a, v // a
        for u in (((x + 1) % a) + a * y, ((x - 1) % a) + a * y, x + a * ((y + 1) % b), x + a * ((y - 1) % b)):
            links[u][v] = 1
    return links


def chunk(pre, post, addr):
    return {"msccl_type": "chunk", "pre": sorted(pre), "post": sorted(post), "addr": addr}


def collective(name, n, chunks, runtime_name="custom"):
    return {"msccl_type": "collective", "name": name, "nodes": n, "chunks": chunks, "triggers": {},
            "runtime_name": runtime_name}


def allgather(n):
    return collective(f"Allgather(n={n})", n, [chunk([c], range(n), c) for c in range(n)], "allgather")


def topology(name, links, switches=()):
    return {"msccl_type": "topology", "name": name, "switches": list(switches), "links": links}


def instance(steps, chunks=1, extra_rounds=0, pipeline=None):
    return {"msccl_type": "instance", "steps": steps, "extra_rounds": extra_rounds, "chunks": chunks,
            "pipeline": pipeline, "extra_memory": None, "allow_exchange": False}


def algorithm(coll, topo, inst, steps, chunk_factor=1):
    n = coll["nodes"]
    inputs, outputs = {}, {}
    for c in coll["chunks"]:
        for i in range(chunk_factor):
            a = c["addr"] * chunk_factor + i
            for r in c["pre"]:
                inputs.setdefault(r, set()).add(a)
            for r in c["post"]:
                outputs.setdefault(r, set()).add(a)
    name = f'{coll["name"]}-{topo["name"]}-steps={inst["steps"]}'
    if inst["chunks"] > 1:
        name += f',chunks={inst["chunks"]}'
    return {"msccl_type": "algorithm", "name": name, "instance": inst,
            "input_map": {r: sorted(v) for r, v in sorted(inputs.items())},
            "output_map": {r: sorted(v) for r, v in sorted(outputs.items())},
            "steps": [{"msccl_type": "step", "rounds": r, "sends": sorted(s)} for r, s in steps],
            "collective": coll, "topology": topo}


def save(name, obj):
    with open(name, "w") as f:
        f.write(json.dumps(obj))


def ring_allgather_steps(n):
    return [(1, [[(r - k) % n, r, (r + 1) % n] for r in range(n)]) for k in range(n - 1)]


def recursive_doubling_steps(n):
    steps, have, count = [], {r: {r} for r in range(n)}, 1
    while count < n:
        sends = [[c, r, r ^ count] for r in range(n) for c in sorted(have[r])]
        for c, s, d in sends:
            have[d] = have[d] | {c}
        steps.append((count, sends))
        count *= 2
    return steps


def torus_allgather_steps(a, b):
    # Rows first (a ring along dimension 1), then columns carrying whole rows.
    n = a * b
    steps = []
    for k in range(a - 1):
        steps.append((1, [[(((v % a) - k) % a) + a * (v // a), v, ((v % a + 1) % a) + a * (v // a)] for v in range(n)]))
    for k in range(b - 1):
        sends = []
        for v in range(n):
            x, y = v % a, v // a
            row = (y - k) % b
            sends += [[c + a * row, v, x + a * ((y + 1) % b)] for c in range(a)]
        steps.append((a, sends))
    return steps


def main():
    n = 8
    save("allgather-ring8.json", algorithm(allgather(n), topology(f"Ring(n={n})", ring_links(n)), instance(n - 1),
                                           ring_allgather_steps(n)))
    rd = recursive_doubling_steps(n)
    save("allgather-recursive-doubling8.json",
         algorithm(allgather(n), topology(f"FullyConnected(n={n})", full_links(n)), instance(len(rd), extra_rounds=4), rd))
    tor = torus_allgather_steps(4, 4)
    save("allgather-torus4x4.json",
         algorithm(allgather(16), topology("Torus(4x4)", torus_links(4, 4)), instance(len(tor), extra_rounds=6), tor))
    # Two chunks per rank: addresses 2r and 2r+1, both around the ring.
    two = [(1, [[2 * ((r - k) % 4) + i, r, (r + 1) % 4] for r in range(4) for i in (0, 1)]) for k in range(3)]
    two = [(2, s) for _, s in two]
    save("allgather-ring4-chunks2.json",
         algorithm(allgather(4), topology("Ring(n=4)", ring_links(4)), instance(3, chunks=2, extra_rounds=3), two, 2))
    bc = collective("Broadcast(n=4,root=0)", 4, [chunk([0], range(4), 0)])
    save("broadcast-line4.json", algorithm(bc, topology("Line(n=4)", line_links(4)), instance(3),
                                           [(1, [[0, 0, 1]]), (1, [[0, 1, 2]]), (1, [[0, 2, 3]])]))
    sc = collective("Scatter(n=4,root=0)", 4, [chunk([0], [c], c) for c in range(4)])
    # Two chunks leave 0 for 3 in a step of two rounds: one in each.
    save("scatter-ring4.json", algorithm(sc, topology("Ring(n=4)", ring_links(4)), instance(2, extra_rounds=1),
                                         [(2, [[1, 0, 1], [2, 0, 3], [3, 0, 3]]), (1, [[2, 3, 2]])]))
    ga = collective("Gather(n=4,root=0)", 4, [chunk([c], [0], c) for c in range(4)])
    save("gather-ring4.json", algorithm(ga, topology("Ring(n=4)", ring_links(4)), instance(2),
                                        [(1, [[1, 1, 0], [2, 2, 3], [3, 3, 0]]), (1, [[2, 3, 0]])]))
    # Errors.
    save("broken-ring4-one-round.json",
         algorithm(sc, topology("Ring(n=4)", ring_links(4)), instance(1), [(1, [[1, 0, 1], [2, 0, 1], [3, 0, 3]])]))
    save("broken-causality-ring4.json", algorithm(allgather(4), topology("Ring(n=4)", ring_links(4)), instance(3),
                                                  [(1, [[0, 0, 1], [1, 1, 2], [2, 2, 3], [3, 3, 0]]),
                                                   (1, [[0, 1, 2], [1, 2, 3], [2, 3, 0], [3, 0, 1]]),
                                                   (1, [[0, 2, 3], [3, 2, 3], [2, 0, 1], [1, 0, 1]])]))
    a2a = collective("Alltoall(n=2)", 2, [chunk([c % 2], [c // 2], c) for c in range(4)], "alltoall")
    save("refused-alltoall.json", algorithm(a2a, topology("FullyConnected(n=2)", full_links(2)), instance(1),
                                            [(1, [[1, 1, 0], [2, 0, 1]])]))
    hub = topology("HubAndSpoke(n=3)", full_links(3),
                   [[[v], [u for u in range(3) if u != v], 1, f"node_{v}_out"] for v in range(3)])
    save("refused-switch.json", algorithm(allgather(3), hub, instance(2),
                                          [(1, [[0, 0, 1], [1, 1, 2], [2, 2, 0]]), (1, [[0, 1, 2], [1, 2, 0], [2, 0, 1]])]))
    ar = collective("Allreduce(n=2)", 2, [chunk([c], [0, 1], 0) for c in range(2)], "allreduce")
    save("refused-allreduce.json", algorithm(ar, topology("FullyConnected(n=2)", full_links(2)), instance(1),
                                             [(1, [[0, 0, 1], [0, 1, 0]])]))
    save("refused-pipeline.json", algorithm(allgather(4), topology("Ring(n=4)", ring_links(4)), instance(3, pipeline=2),
                                            ring_allgather_steps(4)))
    with open("broken-not-json.json", "w") as f:
        f.write('{"msccl_type": "algorithm", "name": "x",\n "steps": [1, 2,, 3]}')


# MSCCL XML -------------------------------------------------------------------


def step(s, type, srcbuf="i", srcoff=-1, dstbuf="o", dstoff=-1, cnt=1, depid=-1, deps=-1, hasdep=0):
    return (s, type, srcbuf, srcoff, dstbuf, dstoff, cnt, depid, deps, hasdep)


def write_xml(name, algo, gpus, comment=None):
    """algo: attribute pairs; gpus: [(id, i, o, s, [(tb id, send, recv, chan, [step, ...]), ...]), ...]."""
    out = []
    if comment:
        out.append(f"<!-- {comment} -->")
    out.append("<algo " + " ".join(f'{k}="{v}"' for k, v in algo) + ">")
    for gid, i, o, sc, tbs in gpus:
        out.append(f'  <gpu id="{gid}" i_chunks="{i}" o_chunks="{o}" s_chunks="{sc}">')
        for tid, send, recv, chan, steps in tbs:
            out.append(f'    <tb id="{tid}" send="{send}" recv="{recv}" chan="{chan}">')
            for st in steps:
                keys = ("s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps", "hasdep")
                out.append("      <step " + " ".join(f'{k}="{v}"' for k, v in zip(keys, st)) + "/>")
            out.append("    </tb>")
        out.append("  </gpu>")
    out.append("</algo>")
    with open(name, "w") as f:
        f.write("\n".join(out))


def algo_attrs(name, n, per_loop, coll="allgather", nchannels=1):
    return [("name", name), ("proto", "Simple"), ("nchannels", nchannels), ("nchunksperloop", per_loop),
            ("ngpus", n), ("coll", coll), ("inplace", 1)]


def ring_allgather_xml(n, first_send=None):
    gpus = []
    for r in range(n):
        ops = [step(0, "s", "o", r if first_send is None or r != first_send[0] else first_send[1], "o", r)]
        for k in range(1, n - 1):
            c = (r - k) % n
            ops.append(step(k, "rcs", "o", c, "o", c))
        ops.append(step(n - 1, "r", "i", -1, "o", (r - n + 1) % n))
        gpus.append((r, 1, n, 0, [(0, (r + 1) % n, (r - 1) % n, 0, ops)]))
    return gpus


def recursive_doubling_xml(n):
    gpus = []
    for r in range(n):
        tbs, count, t = [], 1, 0
        while count < n:
            peer = r ^ count
            mine, theirs = (r // count) * count, (peer // count) * count
            dep = (t - 1, 1) if t > 0 else (-1, -1)
            tbs.append((t, peer, peer, 0, [step(0, "s", "o", mine, "o", mine, count, dep[0], dep[1], 0),
                                          step(1, "r", "i", -1, "o", theirs, count, -1, -1, 1 if count * 2 < n else 0)]))
            count, t = count * 2, t + 1
        gpus.append((r, 1, n, 0, tbs))
    return gpus


def torus_allgather_xml(a, b):
    n, gpus = a * b, []
    for v in range(n):
        x, y = v % a, v // a
        right, left = ((x + 1) % a) + a * y, ((x - 1) % a) + a * y
        up, down = x + a * ((y + 1) % b), x + a * ((y - 1) % b)
        row = [step(0, "s", "o", v, "o", v)]
        for k in range(1, a - 1):
            c = ((x - k) % a) + a * y
            row.append(step(k, "rcs", "o", c, "o", c))
        row.append(step(a - 1, "r", "i", -1, "o", ((x - a + 1) % a) + a * y, 1, -1, -1, 1))
        col = [step(0, "s", "o", a * y, "o", a * y, a, 0, a - 1, 0)]
        for k in range(1, b - 1):
            c = a * ((y - k) % b)
            col.append(step(k, "rcs", "o", c, "o", c, a))
        col.append(step(b - 1, "r", "i", -1, "o", a * ((y - b + 1) % b), a))
        gpus.append((v, 1, n, 0, [(0, right, left, 0, row), (1, up, down, 0, col)]))
    return gpus


def write_xml_inputs():
    write_xml("allgather-ring8.xml", algo_attrs("allgather_ring", 8, 8), ring_allgather_xml(8))
    write_xml("allgather-recursive-doubling8.xml", algo_attrs("allgather_recursive_doubling", 8, 8),
              recursive_doubling_xml(8))
    write_xml("allgather-torus4x4.xml", algo_attrs("allgather_torus_rows_then_columns", 16, 16),
              torus_allgather_xml(4, 4), "rows first, then columns carrying whole rows")
    # gpu 3 starts by sending o[2], which reaches it only in the second step.
    write_xml("broken-causality-ring8.xml", algo_attrs("allgather_ring", 8, 8), ring_allgather_xml(8, (3, 2)))
    # Two channels over each ring link: both first sends cross it in step 1.
    gpus = []
    for r in range(8):
        tbs = [(0, (r + 1) % 8, -1, 0, [step(0, "s", "o", r, "o", r)]),
               (1, (r + 1) % 8, -1, 1, [step(0, "s", "o", r, "o", r)]),
               (2, -1, (r - 1) % 8, 0, [step(0, "r", "i", -1, "o", (r - 1) % 8)]),
               (3, -1, (r - 1) % 8, 1, [step(0, "r", "i", -1, "o", (r - 1) % 8)])]
        gpus.append((r, 1, 8, 0, tbs))
    write_xml("broken-two-channels-ring8.xml", algo_attrs("two_channels", 8, 8, nchannels=2), gpus)
    gpus = ring_allgather_xml(4)
    gpus[1][4][0][4][1] = step(1, "rrc", "o", 0, "o", 0)
    write_xml("broken-reduction-ring4.xml", algo_attrs("allgather_ring", 4, 4), gpus)
    with open("broken-unclosed.xml", "w") as f:
        f.write('<algo name="x" ngpus="2" coll="allgather" inplace="1">\n  <gpu id="0" i_chunks="1" o_chunks="2">\n'
                '  </gpu>\n')
    write_xml("refused-alltoall.xml", algo_attrs("alltoall", 2, 2, coll="alltoall"), [(0, 2, 2, 0, []), (1, 2, 2, 0, [])])


if __name__ == "__main__":
    main()
    write_xml_inputs()
