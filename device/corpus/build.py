#!/usr/bin/env python3
"""Builds every file of a corpus manifest to PTX and a cubin (sm_90, -lineinfo).

Usage: build.py MANIFEST SOURCE_ROOT BUILD_DIR [-j N]

SOURCE_ROOT/<source>/<path> is each file's source; a file with "instantiate" lines is built
through a generated wrapper that #includes it and appends those lines (explicit template
instantiations for headers whose kernels are only templates). PTX comes from nvcc -ptx, the
cubin from ptxas on that same PTX, so the static analysis and the measurement see one code.
Writes BUILD_DIR/<id>.ptx, <id>.cubin, <id>.log and build.json ({id: {ok, error}}); files
already built are kept.
"""
import concurrent.futures, json, os, subprocess, sys

STUBS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'stubs')


def file_id(entry):
    return (entry['source'] + '__' + entry['path']).replace('/', '__')


def build_one(entry, root, out):
    fid = file_id(entry)
    ptx, cubin, log = (os.path.join(out, fid + ext) for ext in ('.ptx', '.cubin', '.log'))
    if os.path.exists(ptx) and os.path.exists(cubin):
        return fid, {'ok': True}
    src = os.path.abspath(os.path.join(root, entry['source'], entry['path']))
    if entry.get('instantiate'):
        wrapper = os.path.join(out, fid + '.wrap.cu')
        with open(wrapper, 'w') as f:
            f.write('#include "%s"\n' % src)
            f.write('\n'.join(entry['instantiate']) + '\n')
        src = wrapper
    here = os.path.dirname(os.path.abspath(os.path.join(root, entry['source'], entry['path'])))
    flags = [f.replace('{root}', os.path.abspath(os.path.join(root, entry['source']))).replace('{stubs}', STUBS) for f in entry.get('flags', [])]
    nvcc = ['nvcc', '-arch=sm_90', '-lineinfo', '-ptx', '-I' + here, *flags, '-o', ptx, src]
    ptxas = ['ptxas', '-arch=sm_90', '-lineinfo', '-v', ptx, '-o', cubin]
    with open(log, 'w') as f:
        for cmd in (nvcc, ptxas):
            f.write('$ ' + ' '.join(cmd) + '\n'); f.flush()
            try:
                rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, timeout=300).returncode
            except subprocess.TimeoutExpired:
                rc = 'timeout'
            if rc != 0:
                for p in (ptx, cubin):
                    if os.path.exists(p): os.remove(p)
                return fid, {'ok': False, 'error': '%s exited %s (see %s.log)' % (cmd[0], rc, fid)}
    return fid, {'ok': True}


def main():
    args = sys.argv[1:]
    jobs = 2
    if '-j' in args:
        i = args.index('-j'); jobs = int(args[i + 1]); del args[i:i + 2]
    manifest, root, out = args
    os.makedirs(out, exist_ok=True)
    files = json.load(open(manifest))['files']
    results = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for fid, result in pool.map(lambda e: build_one(e, root, out), files):
            results[fid] = result
            print(fid, 'ok' if result['ok'] else result['error'], flush=True)
    json.dump(results, open(os.path.join(out, 'build.json'), 'w'), indent=1)


if __name__ == '__main__':
    main()
