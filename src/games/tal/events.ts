/** Das Tal der Mammuts: the event card of the round (`runEvent`, called by the round's flow in round.ts). */
import { rollDie, shuffle } from '../../engine/rng.js';
import { talData } from './data.js';
import { animalsArg, drawAnimals, hexArg, placePoolWolves } from './animals.js';
import { checkCamps, fireCheck } from './combat.js';
import {
  an, board, campAt, type Ctx, fig, FIRE_FLOOD_MARKERS, HEXES, log, m, markerAt, popOf, removeFigures,
  returnAnimals, seatRef, setAn, setCamp, setMarker, type TalState, warriorsAt, womenAt,
} from './state.js';

function regionByDie(s: TalState, terrain: 'plain' | 'forest' | 'mountain', ctx: Ctx): number[] {
  const die = rollDie(s.rng);
  log(ctx, 'tal.log.regionDie', { die, terrain: m(`tal.terrain.${terrain}`) });
  return board(s).regions[terrain][die - 1]!;
}

/** Everyone on a hex is lost (forest fire, flood); camps there are gone. */
function wipeHex(s: TalState, hex: number, ctx: Ctx): void {
  for (let p = 0; p < s.players; p++) {
    const n = popOf(s, hex, p);
    if (n > 0) {
      removeFigures(s, hex, p, 'm', warriorsAt(s, hex, p));
      removeFigures(s, hex, p, 'w', womenAt(s, hex, p));
      log(ctx, 'tal.log.peopleLost', { p: seatRef(p), n, hex: hexArg(hex) });
    }
  }
  for (let sp = 0; sp < 6; sp++) { const n = an(s, hex, sp); if (n > 0) { setAn(s, hex, sp, 0); returnAnimals(s, sp, n); log(ctx, 'tal.log.animalsLost', { animals: animalsArg(n, sp), hex: hexArg(hex) }); } }
  const camp = campAt(s, hex);
  if (camp) { setCamp(s, hex, null); log(ctx, 'tal.log.campLost', { p: seatRef(camp.seat), hex: hexArg(hex) }); fireCheck(s, camp.seat, ctx); }
  s.hx.crop[hex] = 0;
  s.hx.fence[hex] = 0;
}

export function runEvent(s: TalState, ctx: Ctx): void {
  s.hx.mark.fill(0);
  s.fireSources = [];
  const deck = s.eventDeck[s.season];
  if (deck.length === 0) {
    s.eventDeck[s.season] = shuffle(s.rng, s.eventDiscard[s.season]);
    s.eventDiscard[s.season] = [];
    log(ctx, 'tal.log.reshuffleEvents');
  }
  const id = s.eventDeck[s.season].pop()!;
  s.eventDiscard[s.season].push(id);
  s.currentEvent = id;
  ctx.revealed = true;
  const e = talData(s).eventById[id]!;
  log(ctx, 'tal.log.event', { name: m(`tal.event.${id}.name`), text: m(`tal.event.${id}.text`) });
  const b = board(s);
  switch (e.kind) {
    case 'calm': break;
    case 'ailing': {
      const die = rollDie(s.rng);
      const sp = die - 1;
      let n = 0;
      for (let i = 0; i < HEXES; i++) { const k = an(s, i, sp); n += k; returnAnimals(s, sp, k); setAn(s, i, sp, 0); }
      log(ctx, 'tal.log.ailing', { die, animals: animalsArg(n, sp), n });
      break;
    }
    case 'mild_autumn': if (s.season === 'summer') s.seasonLength++; break;
    case 'rain': case 'lean_meat': case 'drought': if (!s.lasting.includes(e.kind)) s.lasting.push(e.kind); break;
    case 'volcano': {
      const region = regionByDie(s, 'mountain', ctx);
      const lavaHexes = region.filter((i) => b.hexes[i]!.volcano).flatMap((i) => b.hexes[i]!.lava.map((d) => b.hexes[i]!.nb[d]!));
      if (lavaHexes.length === 0) log(ctx, 'tal.log.noVolcano');
      const killOn = e.params.killOn ?? 3;
      for (const hex of lavaHexes) {
        log(ctx, 'tal.log.lava', { hex: hexArg(hex) });
        for (let p = 0; p < s.players; p++) for (const type of ['m', 'w'] as const) {
          let lost = 0;
          for (let k = 0; k < fig(s, type, hex, p); k++) if (rollDie(s.rng) <= killOn) lost++;
          if (lost) { removeFigures(s, hex, p, type, lost); log(ctx, type === 'm' ? 'tal.log.lavaWarriors' : 'tal.log.lavaWomen', { p: seatRef(p), n: lost, hex: hexArg(hex) }); }
        }
        for (let sp = 0; sp < 6; sp++) {
          let lost = 0;
          for (let k = 0; k < an(s, hex, sp); k++) if (rollDie(s.rng) <= killOn) lost++;
          if (lost) { setAn(s, hex, sp, an(s, hex, sp) - lost); returnAnimals(s, sp, lost); log(ctx, 'tal.log.animalsLost', { animals: animalsArg(lost, sp), hex: hexArg(hex) }); }
        }
        if (!s.fireSources.includes(hex)) s.fireSources.push(hex);
      }
      checkCamps(s, ctx);
      break;
    }
    case 'forest_fire': case 'flood': {
      const region = regionByDie(s, e.kind === 'flood' ? 'plain' : 'forest', ctx);
      let left = FIRE_FLOOD_MARKERS - s.hx.mark.filter((x) => x !== 0).length;
      for (const hex of region) {
        if (left <= 0) break;
        left--;
        wipeHex(s, hex, ctx);
        setMarker(s, hex, e.kind === 'flood' ? 'flooded' : 'burnt');
        log(ctx, e.kind === 'flood' ? 'tal.log.flooded' : 'tal.log.burning', { hex: hexArg(hex) });
        if (e.kind === 'forest_fire') for (const n of b.hexes[hex]!.nb) if (n >= 0 && !region.includes(n) && !s.fireSources.includes(n)) s.fireSources.push(n);
      }
      break;
    }
    case 'wolves': {
      const region = regionByDie(s, 'forest', ctx);
      const target = region.find((i) => markerAt(s, i) === null) ?? region[0]!;
      placePoolWolves(s, target, e.params.count ?? 2, ctx);
      break;
    }
    case 'migration': drawAnimals(s, e.params.count ?? 2, ctx); break;
    case 'storm': s.roundEffects.storm = true; break;
    case 'good_fishing': s.roundEffects.goodFishing = true; break;
    case 'blizzard': s.roundEffects.blizzard = true; break;
    case 'frost': s.roundEffects.frost = true; break;
    case 'frozen_lakes': s.roundEffects.frozen = true; break;
  }
}
