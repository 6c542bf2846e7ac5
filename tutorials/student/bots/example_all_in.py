"""An example student bot: always bid everything, then play the first legal move."""


class Bot:
    def choose(self, state):
        legal = state.legal_actions()
        return legal[-1] if legal[0].kind == "bid" else legal[0]
