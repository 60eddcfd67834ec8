"""atlas.html compiled by Jinja2 3.1.6: made by mapgen.atlas.page.write_compiled, not by hand."""
# fmt: off
# ruff: noqa
SOURCE_SHA256 = '46e72047f9e9b60c51d17efaa2e9aaaa155209be51ecc24c29ed5ca81b81a716'
JINJA2_VERSION = '3.1.6'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'atlas.html'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_script_hashes = resolve('script_hashes')
    l_0_title = resolve('title')
    l_0_style = resolve('style')
    l_0_game = resolve('game')
    l_0_subtitle = resolve('subtitle')
    l_0_viewer = resolve('viewer')
    l_0_map_kind = resolve('map_kind')
    l_0_map_svg = resolve('map_svg')
    l_0_status = resolve('status')
    l_0_sides = resolve('sides')
    l_0_players = resolve('players')
    l_0_forces = resolve('forces')
    l_0_holdings = resolve('holdings')
    l_0_armies = resolve('armies')
    l_0_sieges = resolve('sieges')
    l_0_engagements = resolve('engagements')
    l_0_places = resolve('places')
    l_0_pending = resolve('pending')
    l_0_plans = resolve('plans')
    l_0_log_when = resolve('log_when')
    l_0_log = resolve('log')
    l_0_counters = resolve('counters')
    l_0_side = resolve('side')
    l_0_pdfs = resolve('pdfs')
    l_0_data_json = resolve('data_json')
    l_0_pan_zoom_js = resolve('pan_zoom_js')
    l_0_atlas_js = resolve('atlas_js')
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['replace']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'replace' found.")
    try:
        t_5 = environment.filters['safe']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'safe' found.")
    try:
        t_6 = environment.filters['sort']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'sort' found.")
    try:
        t_7 = environment.filters['unique']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'unique' found.")
    try:
        t_8 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    try:
        t_9 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_9(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; style-src \'unsafe-inline\'; script-src '
    yield escape((undefined(name='script_hashes') if l_0_script_hashes is missing else l_0_script_hashes))
    yield '; base-uri \'none\'; form-action \'none\'">\n<meta name="generator" content="mapgen atlas">\n<title>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</title>\n<style>'
    yield escape((undefined(name='style') if l_0_style is missing else l_0_style))
    yield '</style>\n</head>\n<body class="game-'
    yield escape((undefined(name='game') if l_0_game is missing else l_0_game))
    yield '">\n<a class="skip" href="#map-section">Skip to the map</a>\n<header class="top">\n  <div class="titles">\n    <h1>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</h1>\n    <p class="sub">'
    yield escape((undefined(name='subtitle') if l_0_subtitle is missing else l_0_subtitle))
    yield '. <span class="viewer">This page shows '
    yield escape((undefined(name='viewer') if l_0_viewer is missing else l_0_viewer))
    yield '.</span></p>\n  </div>\n  <nav aria-label="Sections of this page">\n    <ul>\n      <li><a href="#map-section">Map</a></li>\n      <li><a href="#state">State</a></li>\n'
    if ((undefined(name='game') if l_0_game is missing else l_0_game) == 'fw'):
        pass
        yield '<li><a href="#forces">Forces</a></li>'
    else:
        pass
        yield '<li><a href="#armies">Armies and places</a></li>'
    yield '      <li><a href="#battles">Battlefields</a></li>\n      <li><a href="#log">Log</a></li>\n      <li><a href="#counters">Counters</a></li>\n      <li><a href="#files">PDFs</a></li>\n    </ul>\n  </nav>\n</header>\n<main>\n<div class="atlas">\n  <section id="map-section" class="map-area" aria-labelledby="map-heading">\n    <h2 id="map-heading" class="visually-hidden">'
    if ((undefined(name='game') if l_0_game is missing else l_0_game) == 'fw'):
        pass
        yield 'Campaign map'
    else:
        pass
        yield 'Country map'
    yield '</h2>\n    <div class="map-tools" role="toolbar" aria-label="Map view">\n      <button type="button" id="zoom-in" aria-label="Zoom in">+</button>\n      <button type="button" id="zoom-out" aria-label="Zoom out">&minus;</button>\n      <button type="button" id="zoom-fit">Whole map</button>\n      <span class="hint" id="map-hint">Drag to pan, wheel to zoom. Tab into the map: the arrow keys move '
    if ((undefined(name='map_kind') if l_0_map_kind is missing else l_0_map_kind) == 'squares'):
        pass
        yield 'square by square'
    else:
        pass
        yield 'from place to place'
    yield ', Enter opens a battlefield.</span>\n    </div>\n    <div class="map-frame" id="map-frame">'
    yield escape(t_5((undefined(name='map_svg') if l_0_map_svg is missing else l_0_map_svg)))
    yield '</div>\n  </section>\n  <aside id="details" class="details" aria-labelledby="details-heading">\n    <h2 id="details-heading">'
    if ((undefined(name='map_kind') if l_0_map_kind is missing else l_0_map_kind) == 'squares'):
        pass
        yield 'Square'
    else:
        pass
        yield 'Place'
    yield '</h2>\n    <div id="detail-body" aria-live="polite">\n      <p class="placeholder">Point at a '
    if ((undefined(name='map_kind') if l_0_map_kind is missing else l_0_map_kind) == 'squares'):
        pass
        yield 'square'
    else:
        pass
        yield 'place'
    yield ' on the map, or tab into the map and move with the arrow keys, to see everything about it here.</p>\n      <h3 class="glance-title">At a glance</h3>\n      <ul class="glance">\n'
    for l_1_line in (undefined(name='status') if l_0_status is missing else l_0_status):
        _loop_vars = {}
        pass
        yield '        <li>'
        yield escape(l_1_line)
        yield '</li>\n'
    l_1_line = missing
    yield '      </ul>\n    </div>\n  </aside>\n</div>\n\n<section id="state" class="panel" aria-labelledby="state-heading">\n  <h2 id="state-heading">The campaign now</h2>\n  <ul class="status">\n'
    for l_1_line in (undefined(name='status') if l_0_status is missing else l_0_status):
        _loop_vars = {}
        pass
        yield '    <li>'
        yield escape(l_1_line)
        yield '</li>\n'
    l_1_line = missing
    yield '  </ul>\n'
    if ((undefined(name='game') if l_0_game is missing else l_0_game) == 'fw'):
        pass
        yield '  <table class="data">\n    <caption>The sides</caption>\n    <thead><tr><th scope="col">Side</th><th scope="col">Race</th><th scope="col">Army points</th><th scope="col">Reinforcements banked</th><th scope="col">Battles won / lost</th><th scope="col">Holdings taken / lost</th><th scope="col">Will to fight (FW-13)</th></tr></thead>\n    <tbody>\n'
        for l_1_s in (undefined(name='sides') if l_0_sides is missing else l_0_sides):
            _loop_vars = {}
            pass
            yield '      <tr><th scope="row"><span class="swatch side-'
            yield escape(environment.getattr(l_1_s, 'id'))
            yield '" aria-hidden="true"></span>Side '
            yield escape(environment.getattr(l_1_s, 'id'))
            yield ': '
            yield escape(environment.getattr(l_1_s, 'name'))
            yield '</th><td>'
            yield escape(t_4(context.eval_ctx, environment.getattr(l_1_s, 'race'), '_', ' '))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_s, 'points'))
            yield '</td>\n        <td>'
            yield escape((environment.getattr(l_1_s, 'reinforcement_points') if t_8(environment.getattr(l_1_s, 'reinforcement_points')) else 'hidden'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_s, 'battles_won'))
            yield ' / '
            yield escape(environment.getattr(l_1_s, 'battles_lost'))
            yield '</td>\n        <td>'
            yield escape(environment.getattr(l_1_s, 'holdings_taken'))
            yield ' / '
            yield escape(environment.getattr(l_1_s, 'holdings_lost'))
            yield '</td><td>'
            yield escape(('failed' if (environment.getattr(l_1_s, 'will_to_fight') == 'failed') else 'holds'))
            yield '</td></tr>\n'
        l_1_s = missing
        yield '    </tbody>\n  </table>\n'
    else:
        pass
        yield '  <table class="data">\n    <caption>The players</caption>\n    <thead><tr><th scope="col">Seat</th><th scope="col">Player</th><th scope="col">Country</th><th scope="col">Treasury</th><th scope="col">Loan</th></tr></thead>\n    <tbody>\n'
        for l_1_p in (undefined(name='players') if l_0_players is missing else l_0_players):
            _loop_vars = {}
            pass
            yield '      <tr><th scope="row"><span class="swatch seat-'
            yield escape(environment.getattr(l_1_p, 'seat'))
            yield '" aria-hidden="true"></span>'
            yield escape(environment.getattr(l_1_p, 'seat'))
            yield '</th><td>'
            yield escape(environment.getattr(l_1_p, 'name'))
            if environment.getattr(l_1_p, 'out'):
                pass
                yield ' (out of the campaign)'
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'country'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'treasury'))
            yield '</td><td>'
            yield escape(('hidden' if t_9(environment.getattr(l_1_p, 'loan')) else environment.getattr(l_1_p, 'loan')))
            yield '</td></tr>\n'
        l_1_p = missing
        yield '    </tbody>\n  </table>\n'
    yield '</section>\n\n'
    if ((undefined(name='game') if l_0_game is missing else l_0_game) == 'fw'):
        pass
        yield '<section id="forces" class="panel" aria-labelledby="forces-heading">\n  <h2 id="forces-heading">Forces and holdings</h2>\n  <table class="data">\n    <caption>Forces, with their order or reaction (FW-5) and zone of control (FW-9.7)</caption>\n    <thead><tr><th scope="col">Force</th><th scope="col">Side</th><th scope="col">Square</th><th scope="col">Order or reaction</th><th scope="col">Leader</th><th scope="col">Units</th><th scope="col">Zone of control</th></tr></thead>\n    <tbody>\n'
        for l_1_f in (undefined(name='forces') if l_0_forces is missing else l_0_forces):
            _loop_vars = {}
            pass
            yield '      <tr><th scope="row">'
            yield escape(environment.getattr(l_1_f, 'id'))
            yield '</th><td>'
            yield escape(environment.getattr(l_1_f, 'side'))
            yield '</td><td><button type="button" class="goto" data-id="'
            yield escape(environment.getattr(l_1_f, 'square'))
            yield '">'
            yield escape(environment.getattr(l_1_f, 'square'))
            yield '</button></td><td>'
            yield escape(environment.getattr(l_1_f, 'state'))
            yield '</td>\n        <td>'
            yield escape((environment.getattr(l_1_f, 'leader') or 'unknown'))
            yield '</td><td>'
            yield escape((environment.getattr(l_1_f, 'units') or 'unknown'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_f, 'zoc'))
            yield '</td></tr>\n'
        l_1_f = missing
        yield '    </tbody>\n  </table>\n  <table class="data">\n    <caption>Holdings (FW-3)</caption>\n    <thead><tr><th scope="col">Square</th><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Feature</th><th scope="col">Held by</th><th scope="col">Placed for</th></tr></thead>\n    <tbody>\n'
        for l_1_h in (undefined(name='holdings') if l_0_holdings is missing else l_0_holdings):
            _loop_vars = {}
            pass
            yield '      <tr><th scope="row"><button type="button" class="goto" data-id="'
            yield escape(environment.getattr(l_1_h, 'square'))
            yield '">'
            yield escape(environment.getattr(l_1_h, 'square'))
            yield '</button></th><td>'
            yield escape(environment.getattr(l_1_h, 'name'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_h, 'kind'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_h, 'feature'))
            if environment.getattr(l_1_h, 'sacked'):
                pass
                yield ', sacked'
            yield '</td><td>'
            yield escape(environment.getattr(l_1_h, 'owner'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_h, 'first'))
            yield '</td></tr>\n'
        l_1_h = missing
        yield '    </tbody>\n  </table>\n</section>\n'
    else:
        pass
        yield '<section id="armies" class="panel" aria-labelledby="armies-heading">\n  <h2 id="armies-heading">Armies, sieges and places</h2>\n'
        if (undefined(name='armies') if l_0_armies is missing else l_0_armies):
            pass
            yield '  <table class="data">\n    <caption>Armies on the map</caption>\n    <thead><tr><th scope="col">Army</th><th scope="col">Owner</th><th scope="col">At</th><th scope="col">What is known</th></tr></thead>\n    <tbody>\n'
            for l_1_a in (undefined(name='armies') if l_0_armies is missing else l_0_armies):
                _loop_vars = {}
                pass
                yield '      <tr><th scope="row">'
                yield escape(environment.getattr(l_1_a, 'id'))
                yield '</th><td>'
                yield escape(environment.getattr(l_1_a, 'owner'))
                yield '</td><td><button type="button" class="goto" data-id="'
                yield escape(environment.getattr(l_1_a, 'node'))
                yield '">'
                yield escape(environment.getattr(l_1_a, 'node'))
                yield '</button></td><td>'
                yield escape(environment.getattr(l_1_a, 'words'))
                yield '</td></tr>\n'
            l_1_a = missing
            yield '    </tbody>\n  </table>\n'
        else:
            pass
            yield '<p>No army is in the field.</p>'
        if (undefined(name='sieges') if l_0_sieges is missing else l_0_sieges):
            pass
            yield '  <table class="data">\n    <caption>Sieges (RC-4.10)</caption>\n    <thead><tr><th scope="col">Place</th><th scope="col">Besieged by</th><th scope="col">Phases so far</th></tr></thead>\n    <tbody>\n'
            for l_1_s in (undefined(name='sieges') if l_0_sieges is missing else l_0_sieges):
                _loop_vars = {}
                pass
                yield '      <tr><th scope="row"><button type="button" class="goto" data-id="'
                yield escape(environment.getattr(l_1_s, 'node'))
                yield '">'
                yield escape(environment.getattr(l_1_s, 'node'))
                yield '</button></th><td>'
                yield escape(environment.getattr(l_1_s, 'army'))
                yield '</td><td>'
                yield escape(environment.getattr(l_1_s, 'phases'))
                yield '</td></tr>\n'
            l_1_s = missing
            yield '    </tbody>\n  </table>\n'
        else:
            pass
            yield '<p>No place is under siege.</p>'
        for l_1_e in (undefined(name='engagements') if l_0_engagements is missing else l_0_engagements):
            _loop_vars = {}
            pass
            yield '<p>Engagement at '
            yield escape(l_1_e)
            yield '</p>'
        l_1_e = missing
        yield '  <table class="data">\n    <caption>Places and who holds them</caption>\n    <thead><tr><th scope="col">Place</th><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Held by</th><th scope="col">Walls</th><th scope="col">Garrison</th></tr></thead>\n    <tbody>\n'
        for l_1_p in (undefined(name='places') if l_0_places is missing else l_0_places):
            _loop_vars = {}
            pass
            yield '      <tr><th scope="row"><button type="button" class="goto" data-id="'
            yield escape(environment.getattr(l_1_p, 'node'))
            yield '">'
            yield escape(environment.getattr(l_1_p, 'node'))
            yield '</button></th><td>'
            yield escape(environment.getattr(l_1_p, 'name'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'kind'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'holder'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'walls'))
            yield '</td><td>'
            yield escape(environment.getattr(l_1_p, 'garrison'))
            yield '</td></tr>\n'
        l_1_p = missing
        yield '    </tbody>\n  </table>\n</section>\n'
    yield '\n<section id="battles" class="panel" aria-labelledby="battles-heading">\n  <h2 id="battles-heading">Battlefields</h2>\n'
    if (undefined(name='pending') if l_0_pending is missing else l_0_pending):
        pass
        yield '  <p>Battles waiting to be fought, in this order:</p>\n  <ul>\n'
        for l_1_c in (undefined(name='pending') if l_0_pending is missing else l_0_pending):
            _loop_vars = {}
            pass
            yield '    <li>Day '
            yield escape(environment.getattr(l_1_c, 'day'))
            yield ' at '
            yield escape(environment.getattr(l_1_c, 'square'))
            yield ': '
            yield escape(t_1(context.eval_ctx, environment.getattr(l_1_c, 'forces'), ' against '))
            yield ' ('
            yield escape(t_4(context.eval_ctx, environment.getattr(l_1_c, 'scenario'), '_', ' '))
            if environment.getattr(l_1_c, 'why'):
                pass
                yield ': '
                yield escape(environment.getattr(l_1_c, 'why'))
            yield ')</li>\n'
        l_1_c = missing
        yield '  </ul>\n'
    if (undefined(name='plans') if l_0_plans is missing else l_0_plans):
        pass
        yield '  <p>Click a '
        if ((undefined(name='map_kind') if l_0_map_kind is missing else l_0_map_kind) == 'squares'):
            pass
            yield 'square'
        else:
            pass
            yield 'place'
        yield ' with a battlefield on the map, or choose one here, to see its plan and setup sheet.</p>\n  <ul class="plans">\n'
        for l_1_p in (undefined(name='plans') if l_0_plans is missing else l_0_plans):
            _loop_vars = {}
            pass
            yield '    <li><button type="button" class="open-plan" data-plan="'
            yield escape(environment.getattr(l_1_p, 'key'))
            yield '">'
            yield escape(environment.getattr(l_1_p, 'title'))
            yield '</button></li>\n'
        l_1_p = missing
        yield '  </ul>\n'
    else:
        pass
        yield '  <p>No battlefield yet.</p>\n'
    yield '</section>\n\n<section id="log" class="panel" aria-labelledby="log-heading">\n  <h2 id="log-heading">The log</h2>\n  <div class="filters" role="search" aria-label="Filter the log">\n    <label>Text <input type="search" id="log-text" placeholder="a force, a square, a word"></label>\n    <label>'
    yield escape((undefined(name='log_when') if l_0_log_when is missing else l_0_log_when))
    yield ' <select id="log-when"><option value="">all</option>'
    for l_1_w in t_7(environment, t_3(context, (undefined(name='log') if l_0_log is missing else l_0_log), attribute='when')):
        _loop_vars = {}
        pass
        yield '<option value="'
        yield escape(l_1_w)
        yield '">'
        yield escape(l_1_w)
        yield '</option>'
    l_1_w = missing
    yield '</select></label>\n    <label>Rule <select id="log-rule"><option value="">all</option>'
    for l_1_r in t_6(environment, t_7(environment, t_3(context, (undefined(name='log') if l_0_log is missing else l_0_log), attribute='family'))):
        _loop_vars = {}
        pass
        yield '<option value="'
        yield escape(l_1_r)
        yield '">'
        yield escape(l_1_r)
        yield '</option>'
    l_1_r = missing
    yield '</select></label>\n    <label><input type="checkbox" id="log-rolls"> rolls only</label>\n    <span id="log-count" aria-live="polite">'
    yield escape(t_2((undefined(name='log') if l_0_log is missing else l_0_log)))
    yield ' of '
    yield escape(t_2((undefined(name='log') if l_0_log is missing else l_0_log)))
    yield ' entries</span>\n  </div>\n  <ol class="log" id="log-list">\n'
    t_10 = 1
    for l_1_e in (undefined(name='log') if l_0_log is missing else l_0_log):
        _loop_vars = {}
        pass
        yield '    <li data-when="'
        yield escape(environment.getattr(l_1_e, 'when'))
        yield '" data-family="'
        yield escape(environment.getattr(l_1_e, 'family'))
        yield '" data-roll="'
        yield escape((1 if environment.getattr(l_1_e, 'roll') else 0))
        yield '"'
        if environment.getattr(l_1_e, 'roll'):
            pass
            yield ' class="roll"'
        yield '><span class="rule">'
        yield escape(environment.getattr(l_1_e, 'rule'))
        yield '</span> '
        yield escape(environment.getattr(l_1_e, 'words'))
        yield '</li>\n'
        t_10 = 0
    l_1_e = missing
    if t_10:
        pass
        yield '    <li>Nothing logged yet.</li>\n'
    yield '  </ol>\n</section>\n\n<section id="counters" class="panel" aria-labelledby="counters-heading">\n  <h2 id="counters-heading">Counter sheets</h2>\n'
    if (undefined(name='counters') if l_0_counters is missing else l_0_counters):
        pass
        yield '  <details>\n    <summary>Show the counter sheets ('
        yield escape(t_2((undefined(name='counters') if l_0_counters is missing else l_0_counters)))
        yield ' page(s) of fronts'
        if ((undefined(name='side') if l_0_side is missing else l_0_side) and ((undefined(name='game') if l_0_game is missing else l_0_game) == 'fw')):
            pass
            yield ', side '
            yield escape((undefined(name='side') if l_0_side is missing else l_0_side))
            yield "'s own counters"
        yield ')</summary>\n    <div class="sheets">\n'
        for l_1_c in (undefined(name='counters') if l_0_counters is missing else l_0_counters):
            _loop_vars = {}
            pass
            yield '      <figure><img src="'
            yield escape(environment.getattr(l_1_c, 'img'))
            yield '" alt="'
            yield escape(environment.getattr(l_1_c, 'alt'))
            yield '" loading="lazy"><figcaption>Page '
            yield escape(environment.getattr(l_1_c, 'number'))
            yield '</figcaption></figure>\n'
        l_1_c = missing
        yield '    </div>\n  </details>\n'
    else:
        pass
        yield '  <p>No counter sheets in this folder.</p>\n'
    yield '</section>\n\n<section id="files" class="panel" aria-labelledby="files-heading">\n  <h2 id="files-heading">PDFs to print</h2>\n  <p>The files beside this page in the campaign folder; print them at 100 % (actual size).</p>\n  <ul class="files">\n'
    t_11 = 1
    for l_1_f in (undefined(name='pdfs') if l_0_pdfs is missing else l_0_pdfs):
        _loop_vars = {}
        pass
        yield '    <li><a href="'
        yield escape(l_1_f)
        yield '">'
        yield escape(l_1_f)
        yield '</a></li>\n'
        t_11 = 0
    l_1_f = missing
    if t_11:
        pass
        yield '    <li>No PDF in this folder.</li>\n'
    yield '  </ul>\n</section>\n</main>\n\n<dialog id="plan-dialog" aria-labelledby="plan-title">\n  <div class="dialog-head">\n    <h2 id="plan-title">Battlefield</h2>\n    <div id="plan-switch" class="plan-switch"></div>\n    <button type="button" id="plan-close" class="close">Close</button>\n  </div>\n  <div id="plan-body"></div>\n</dialog>\n\n'
    for l_1_p in (undefined(name='plans') if l_0_plans is missing else l_0_plans):
        _loop_vars = {}
        pass
        yield '<template id="plan-'
        yield escape(environment.getattr(l_1_p, 'key'))
        yield '">\n'
        if environment.getattr(l_1_p, 'img'):
            pass
            yield '<figure class="plan"><img src="'
            yield escape(environment.getattr(l_1_p, 'img'))
            yield '" alt="'
            yield escape(environment.getattr(l_1_p, 'alt'))
            yield '"></figure>'
        else:
            pass
            yield '<p>The folder holds no drawing of this plan: see '
            if environment.getattr(l_1_p, 'brief'):
                pass
                yield 'the battle sheet and '
            yield 'the setup sheet below.</p>'
        yield '  <ul class="plan-files">'
        for l_2_f in environment.getattr(l_1_p, 'files'):
            _loop_vars = {}
            pass
            yield '<li><a href="'
            yield escape(l_2_f)
            yield '">'
            yield escape(l_2_f)
            yield '</a></li>'
        l_2_f = missing
        yield '</ul>\n'
        if environment.getattr(l_1_p, 'brief'):
            pass
            yield '<section class="sheet">'
            yield escape(environment.getattr(l_1_p, 'brief'))
            yield '</section>'
        if environment.getattr(l_1_p, 'report'):
            pass
            yield '<section class="sheet"><h3>The report form (report.yaml)</h3><pre>'
            yield escape(environment.getattr(l_1_p, 'report'))
            yield '</pre></section>'
        if environment.getattr(l_1_p, 'setup'):
            pass
            yield '<section class="sheet"><h3>Setup sheet</h3>'
            yield escape(environment.getattr(l_1_p, 'setup'))
            yield '</section>'
        yield '</template>\n'
    l_1_p = missing
    yield '\n<script type="application/json" id="atlas-data">'
    yield escape((undefined(name='data_json') if l_0_data_json is missing else l_0_data_json))
    yield '</script>\n<script>'
    yield escape((undefined(name='pan_zoom_js') if l_0_pan_zoom_js is missing else l_0_pan_zoom_js))
    yield '</script>\n<script>'
    yield escape((undefined(name='atlas_js') if l_0_atlas_js is missing else l_0_atlas_js))
    yield '</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '6=93&8=95&9=97&11=99&15=101&16=103&22=107&33=114&38=121&40=128&43=130&45=137&48=144&49=148&59=152&60=156&63=160&68=163&69=167&70=177&71=183&80=194&81=198&88=216&95=219&96=223&97=233&105=241&106=245&114=267&119=270&120=274&125=289&130=292&131=296&136=309&141=317&142=321&151=338&154=341&155=345&159=359&160=362&162=369&163=373&175=383&176=395&178=405&181=410&182=414&191=434&193=437&195=445&196=449&209=462&210=466&227=476&228=480&229=482&230=497&231=507&232=512&233=517&237=525&238=527&239=529'
