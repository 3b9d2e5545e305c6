#!/usr/bin/env python3
"""Profiles a corpus launch list with Nsight Compute, a few launches per process.

Usage: profile.py LAUNCHES.tsv CUBIN_DIR DRIVER OUT_DIR --first A --last B [--chunk N]
                  [--deadline UNIX_SECONDS] [--stall SECONDS] [--buffer-bytes N] [--buffer-offset N]
                  [--tag NAME] [--work DIR]

Each chunk of launches runs as `ncu ... DRIVER` in its own process; a launch that faults or
hangs (no progress for --stall seconds) is recorded as failed and the chunk resumes after it
in a new process, so one bad kernel costs only itself. After each process the report is
condensed into OUT_DIR/kernels.jsonl (one JSON object per launch: status, per-kernel metrics,
every memory instruction of the source page grouped by source line, and every instruction's
executions summed per source line), so a run cut short
keeps what it measured. No launch is started after --deadline.
"""
import argparse, csv, io, json, os, signal, subprocess, sys, time

METRICS = [
    'smsp__thread_inst_executed.sum', 'smsp__inst_executed.sum', 'launch__grid_size', 'launch__block_size',
    'launch__thread_count', 'launch__registers_per_thread',
    'l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum', 'l1tex__t_bytes_pipe_lsu_mem_global_op_st.sum',
    'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum', 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum',
    'l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum', 'l1tex__t_requests_pipe_lsu_mem_global_op_st.sum',
    'l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum', 'l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum',
    'smsp__sass_inst_executed_op_local_ld.sum', 'smsp__sass_inst_executed_op_local_st.sum',
    'smsp__sass_inst_executed_op_global_ld.sum', 'smsp__sass_inst_executed_op_global_st.sum',
    'gpu__time_duration.sum',
]


def num(text):
    try:
        return float((text or '0').replace(',', ''))
    except ValueError:
        return 0.0


def read_state(path):
    started, done = [], {}
    if os.path.exists(path):
        for line in open(path):
            parts = line.rstrip('\n').split(' ', 2)
            if len(parts) >= 2 and parts[0] == 'start':
                started.append(int(parts[1]))
            elif len(parts) >= 2 and parts[0] in ('ok', 'fail'):
                done[int(parts[1])] = (parts[0], parts[2] if len(parts) > 2 else '')
    return started, done


def run_process(cmd, state, stall, deadline, log):
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, preexec_fn=os.setsid)  # own process group, killed as one
    last_size, last_change = -1, time.time()
    while proc.poll() is None:
        time.sleep(0.5)
        size = os.path.getsize(state) if os.path.exists(state) else 0
        if size != last_size:
            last_size, last_change = size, time.time()
        if time.time() - last_change > stall or time.time() > deadline + 30:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return 'killed'
    return proc.returncode


def condense_source(text):
    """Functions in order of first appearance: (name, sites, totals) from `--page source --csv`."""
    launches = []
    header = None
    line = 0
    fname = None
    current = None
    for row in csv.reader(io.StringIO(text)):
        if not row:
            continue
        if row[0] == 'File Path':
            fpath = row[1]
            continue
        if row[0] == 'Function Name':
            # ncu lists a report file by file; blocks of one function can be apart (two kernels of
            # one module alternate), so blocks are merged by name; a name launched twice in one
            # report cannot be told apart and is merged too (the caller checks the counts).
            current = next((l for l in launches if l['name'] == row[1]), None)
            if current is None:
                current = {'name': row[1], 'sites': {}, 'lines': {}, 'seen': set(), 'threadInst': 0.0, 'warpInst': 0.0}
                launches.append(current)
            fname = os.path.basename(fpath)
            header = None
            continue
        if row[0] == 'Line No':
            header = row
            continue
        if header is None or current is None or len(row) != len(header):
            continue
        if row[0] != '':
            if row[0].isdigit():
                line = int(row[0])
            continue
        address = row[2]
        if address in current['seen'] or address == '...':
            continue
        current['seen'].add(address)
        field = dict(zip(header, row))
        current['threadInst'] += num(field.get('Thread Instructions Executed'))
        current['warpInst'] += num(field.get('Instructions Executed'))
        # Every SASS instruction's executions by source line (the SASS estimate's per-line check).
        per_line = current['lines'].setdefault('%s:%d' % (fname, line), {
            'file': fname, 'line': line, 'sass': 0, 'executed': 0.0, 'threadExecuted': 0.0, 'predOnThreadExecuted': 0.0})
        per_line['sass'] += 1
        per_line['executed'] += num(field.get('Instructions Executed'))
        per_line['threadExecuted'] += num(field.get('Thread Instructions Executed'))
        per_line['predOnThreadExecuted'] += num(field.get('Predicated-On Thread Instructions Executed'))
        space = field.get('Address Space', '-')
        if space in ('', '-'):
            continue
        op = field.get('Access Operation', '')
        size = num(field.get('Access Size'))
        key = '%s:%d:%s:%s:%d' % (fname, line, space, op, size)
        site = current['sites'].setdefault(key, {'file': fname, 'line': line, 'space': space, 'operation': op, 'accessBits': size,
                                                 'sass': [], 'executed': 0.0, 'threadExecuted': 0.0, 'predOnThreadExecuted': 0.0,
                                                 'requests': 0.0, 'sectors': 0.0, 'idealSectors': 0.0, 'sharedWays': []})
        site['sass'].append(row[3].strip().split(' ')[0])
        site['executed'] += num(field.get('Instructions Executed'))
        site['threadExecuted'] += num(field.get('Thread Instructions Executed'))
        site['predOnThreadExecuted'] += num(field.get('Predicated-On Thread Instructions Executed'))
        site['requests'] += num(field.get('L1 Tag Requests Global'))
        site['sectors'] += num(field.get('L2 Theoretical Sectors Global'))
        site['idealSectors'] += num(field.get('L2 Theoretical Sectors Global Ideal'))
        site['sharedWays'].append(num(field.get('L1 Conflicts Shared N-Way')))
    for launch in launches:
        del launch['seen']
        launch['sites'] = list(launch['sites'].values())
        launch['lines'] = list(launch['lines'].values())
    return launches


def raw_metrics(text):
    rows = [r for r in csv.reader(io.StringIO(text)) if r]
    start = next((i for i, r in enumerate(rows) if r and r[0] == 'ID'), None)
    if start is None:
        return []
    header = rows[start]
    out = []
    for r in rows[start + 1:]:
        if len(r) != len(header) or not r[0].isdigit():
            continue
        rec = dict(zip(header, r))
        out.append({'name': rec.get('Kernel Name', ''), 'metrics': {m: num(rec[m]) for m in METRICS if m in rec}})
    return out


def export(stem, args):
    """ncu -i REPORT ARGS with mangled kernel names (plain names where this ncu lacks the option)."""
    done = subprocess.run(['ncu', '-i', stem + '.ncu-rep', *args, '--print-kernel-base', 'mangled'], capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        done = subprocess.run(['ncu', '-i', stem + '.ncu-rep', *args], capture_output=True, text=True)
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('launches'); ap.add_argument('cubins'); ap.add_argument('driver'); ap.add_argument('out')
    ap.add_argument('--first', type=int, required=True); ap.add_argument('--last', type=int, required=True)
    ap.add_argument('--chunk', type=int, default=12); ap.add_argument('--deadline', type=float, default=time.time() + 3600)
    ap.add_argument('--stall', type=float, default=25); ap.add_argument('--buffer-bytes', default=str(64 << 20))
    ap.add_argument('--buffer-offset', default=str(1 << 20)); ap.add_argument('--tag', default='run')
    ap.add_argument('--work', help='folder for reports and per-process files (default OUT_DIR)')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(a.work or a.out, exist_ok=True)
    names = {}
    for line in open(a.launches):
        f = line.rstrip('\n').split('\t')
        if len(f) >= 3:
            names[int(f[0])] = f[2]
    ids = [i for i in sorted(names) if a.first <= i <= a.last]
    # a metric this ncu does not know makes it refuse the whole run: keep the ones it lists
    query = subprocess.run(['ncu', '--query-metrics'], capture_output=True, text=True)
    if query.returncode == 0 and query.stdout:
        known = set(w for line in query.stdout.splitlines() for w in line.split()[:1])
        unknown = [m for m in METRICS if m.rsplit('.', 1)[0] not in known]
        if len(unknown) < len(METRICS):
            for m in unknown:
                METRICS.remove(m)
            log_unknown = unknown
        else:
            log_unknown = []
    else:
        log_unknown = []
    results = open(os.path.join(a.out, 'kernels.jsonl'), 'a')
    log = open(os.path.join(a.out, 'profile.log'), 'a')
    if log_unknown:
        log.write('metrics this ncu does not list, left out: %s\n' % ','.join(log_unknown))
    part = 0
    pending = list(ids)
    retried = set()
    while pending:
        if time.time() > a.deadline:
            for i in pending:
                results.write(json.dumps({'id': i, 'kernel': names[i], 'status': 'not-run', 'reason': 'time limit of the run'}) + '\n')
            break
        chunk = pending[:a.chunk]
        stem = os.path.join(a.work or a.out, '%s-%03d' % (a.tag, part)); part += 1
        state = stem + '.state'
        # the driver runs the ids of the list between first and last: pass this chunk's ids as a list file
        chunk_list = stem + '.tsv'
        with open(a.launches) as src, open(chunk_list, 'w') as dst:
            wanted = set(chunk)
            for line in src:
                f = line.split('\t', 1)
                if f[0].isdigit() and int(f[0]) in wanted:
                    dst.write(line)
        cmd = ['ncu', '--section', 'SourceCounters', '--metrics', ','.join(METRICS), '--import-source', 'yes',
               '--clock-control', 'none', '-f', '-o', stem, a.driver, chunk_list, a.cubins, str(min(chunk)), str(max(chunk)), state,
               a.buffer_bytes, a.buffer_offset]
        log.write('$ %s\n' % ' '.join(cmd)); log.flush()
        t0 = time.time()
        rc = run_process(cmd, state, a.stall, a.deadline, log)
        started, done = read_state(state)
        oks = [i for i in chunk if done.get(i, ('',))[0] == 'ok']
        log.write('rc=%s seconds=%.1f ok=%d\n' % (rc, time.time() - t0, len(oks))); log.flush()
        measured = {}
        if oks and os.path.exists(stem + '.ncu-rep'):
            src = export(stem, ['--page', 'source', '--csv', '--print-units', 'base', '--print-source', 'cuda,sass'])
            raw = export(stem, ['--page', 'raw', '--csv', '--print-units', 'base', '--metrics', ','.join(METRICS)])
            if part == 1:  # the first report's listings are kept as they are, to check the condensing against
                with open(os.path.join(a.out, a.tag + '-first-source.csv'), 'w') as f: f.write(src.stdout)
                with open(os.path.join(a.out, a.tag + '-first-raw.csv'), 'w') as f: f.write(raw.stdout + raw.stderr)
            sources, metrics = condense_source(src.stdout), raw_metrics(raw.stdout)
            if len(sources) != len(oks) or len(metrics) != len(oks):
                log.write('report has %d source / %d metric launches for %d ok launches; stderr: %s %s\n'
                          % (len(sources), len(metrics), len(oks), src.stderr[-500:], raw.stderr[-500:]))
            # report entries are in launch order; by position when the counts agree, else by name
            by_position = len(sources) == len(oks) and len(metrics) == len(oks)
            for k, i in enumerate(oks):
                rec = {'id': i, 'kernel': names[i], 'status': 'ok'}
                if k < len(metrics) and (by_position or metrics[k]['name'] == names[i]):
                    rec['metrics'] = metrics[k]['metrics']; rec['reportName'] = metrics[k]['name']
                by_name = [x for x in sources if x['name'] == names[i]]
                entry = by_name[0] if len(by_name) == 1 and oks.count(i) == 1 and [names[j] for j in oks].count(names[i]) == 1 \
                    else (sources[k] if by_position and k < len(sources) else None)
                if entry is not None:
                    rec.update(threadInst=entry['threadInst'], warpInst=entry['warpInst'], sites=entry['sites'], lines=entry['lines'])
                if 'metrics' not in rec or 'sites' not in rec:
                    rec['status'] = 'unmatched'
                    rec['reason'] = 'report entry name differs from the launch (%s / %s)' % (
                        metrics[k]['name'] if k < len(metrics) else '-', sources[k]['name'] if k < len(sources) else '-')
                measured[i] = rec
            os.remove(stem + '.ncu-rep')
        hung = [i for i in started if i in chunk and i not in done]
        finished = set()
        for i in chunk:
            if i in measured:
                results.write(json.dumps(measured[i]) + '\n'); finished.add(i)
            elif i in done and done[i][0] == 'fail':
                results.write(json.dumps({'id': i, 'kernel': names[i], 'status': 'fail', 'reason': done[i][1]}) + '\n'); finished.add(i)
            elif i in hung:
                why = ('no progress for %ss: process killed' % a.stall) if rc == 'killed' else \
                    ('the process ended (rc %s) during this launch: a fault under ncu (LaunchFailed)' % rc)
                results.write(json.dumps({'id': i, 'kernel': names[i], 'status': 'fail', 'reason': why}) + '\n'); finished.add(i)
            elif i in done:  # ran, but its report was lost with a killed process: once more, else recorded as such
                if i in retried:
                    results.write(json.dumps({'id': i, 'kernel': names[i], 'status': 'no-report', 'reason': 'launch ran but ncu wrote no result for it'}) + '\n'); finished.add(i)
                retried.add(i)
        if not started:  # the process did not start a single launch: give up on this chunk
            for i in chunk:
                if i not in finished:
                    results.write(json.dumps({'id': i, 'kernel': names[i], 'status': 'fail', 'reason': 'driver did not start (rc %s)' % rc}) + '\n')
                    finished.add(i)
        results.flush()
        pending = [i for i in pending if i not in finished]
    results.close()


if __name__ == '__main__':
    main()
