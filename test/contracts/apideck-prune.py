# Prunes Apideck's OpenAPI descriptions (YAML, from apideck-libraries/openapi-specs) to the operations the
# sandbox's Apideck fake serves, with every component they reference, written as JSON.
# Run: python3 test/contracts/apideck-prune.py <folder holding apideck-crm.yml and apideck-vault.yml>
# (needs PyYAML; the project has no YAML parser of its own)
import json
import os
import sys

import yaml

USED = {
    'apideck-crm.yml': ('apideck-crm.json', [
        '/crm/companies', '/crm/companies/{id}',
        '/crm/contacts', '/crm/contacts/{id}',
        '/crm/opportunities', '/crm/opportunities/{id}',
        '/crm/leads', '/crm/leads/{id}',
        '/crm/users', '/crm/users/{id}',
    ]),
    'apideck-vault.yml': ('apideck-vault.json', [
        '/vault/sessions',
        '/vault/connections',
        '/vault/connections/{unified_api}/{service_id}',
    ]),
}
# Only the methods the fake serves on those paths.
METHODS = {'get', 'post', 'patch', 'delete', 'parameters'}


def refs_in(value, out):
    if isinstance(value, list):
        for item in value:
            refs_in(item, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key == '$ref' and isinstance(item, str):
                out.add(item)
            else:
                refs_in(item, out)
    return out


# Documentation-only keys, dropped to keep the copies small (never inside a `properties` map, where they name fields).
DROPPED = {'example', 'examples', 'x-apideck-gotchas', 'x-codeSamples', 'x-apideck-weights'}


def strip(value, in_properties=False):
    if isinstance(value, list):
        return [strip(item) for item in value]
    if isinstance(value, dict):
        return {key: strip(item, key == 'properties') for key, item in value.items() if in_properties or key not in DROPPED}
    return value


def prune(source, used):
    paths = {}
    for path in used:
        if path not in source['paths']:
            raise SystemExit(f'no {path}')
        item = source['paths'][path]
        paths[path] = {method: op for method, op in item.items() if method in METHODS}
        if '/vault/connections/' in path:
            paths[path] = {method: op for method, op in paths[path].items() if method in ('get', 'parameters')}
    components = {}
    pending = list(refs_in(paths, set()))
    while pending:
        ref = pending.pop()
        _, _, kind, name = ref.split('/', 3)
        bucket = components.setdefault(kind, {})
        if name in bucket:
            continue
        bucket[name] = source['components'][kind][name]
        pending.extend(refs_in(bucket[name], set()))
    components['securitySchemes'] = source['components'].get('securitySchemes', {})
    return strip({'openapi': source['openapi'], 'info': source['info'], 'servers': source.get('servers', []), 'paths': paths, 'components': components})


folder = sys.argv[1] if len(sys.argv) > 1 else None
if not folder:
    raise SystemExit('usage: apideck-prune.py <folder>')
here = os.path.dirname(os.path.abspath(__file__))
for name, (target, used) in USED.items():
    with open(os.path.join(folder, name), encoding='utf8') as handle:
        source = yaml.safe_load(handle)
    with open(os.path.join(here, target), 'w', encoding='utf8') as handle:
        json.dump(prune(source, used), handle, indent=1, ensure_ascii=False)
        handle.write('\n')
