"""An example student bot with a bug (a misspelt name): the tournament reports it and goes on."""


class Bot:
    def choose(self, state):
        return state.legal_action()[0]
