"""An example student bot for Les Trésors de Cibola: bid a third of your explorers, take the richest card."""


class Bot:
    def choose(self, state):
        legal = state.legal_actions()
        if legal[0].kind == "bid":
            target = state.explorers[state.current_player] // 3
            return min(legal, key=lambda a: abs(a.amount - target))
        if legal[0].kind == "take":
            from archeo_lab.games.cibola.components import CARD_BY_ID
            return max(legal, key=lambda a: (len(CARD_BY_ID[a.card].treasures), a.card))
        return legal[0]
