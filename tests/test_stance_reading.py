"""How a sentence is read toward a claim: a motion with what its minutes say became of it, a
vote's split, a value named only by a relative clause, a date that names a thing or stands in
another clause than the act's, a word's negating prefix, what a thing was done without, and a
report the next sentence sets right (all on invented text)."""

from __future__ import annotations

from agents.offline.question import Kind, read_question
from agents.offline.stance import stance
from agents.offline.textfacts import find_conflict
from protocols import Stance

MINUTES = (
    "KELDA HARBOUR BOARD\nMINUTES OF MEETING\n\n"
    "5. MOTIONS\n\n"
    "Motion HB-07\n"
    "That the Board close the east slipway to private boats from 1 May 2025.\n"
    "Moved: Member Lund. Seconded: Member Aske.\n"
    "Discussion: Member Berg spoke against.\n"
    "Vote: For 5 (Lund, Aske, Ohm, Vik, Dahl). Against 2 (Berg, Rud). Abstain 0.\n"
    "CARRIED 5-2.\n\n"
    "Motion HB-08\n"
    "That the Board adopt the winter dredging plan.\n"
    "Moved: Member Ohm. Seconded: Member Vik.\n"
    "Vote: For 7. Against 0.\n"
    "CARRIED UNANIMOUSLY.\n\n"
    "Motion HB-09\n"
    "That the Board raise mooring fees by 12 per cent.\n"
    "Moved: Member Rud. Seconded: Member Berg.\n"
    "Vote: For 2. Against 5.\n"
    "LOST.\n"
)
CLOSE = "That the Board close the east slipway to private boats from 1 May 2025."
DREDGE = "That the Board adopt the winter dredging plan."
FEES = "That the Board raise mooring fees by 12 per cent."


def test_a_motion_is_read_with_the_count_and_the_fate_recorded_after_it() -> None:
    assert stance("The Board voted by five votes to two to close the east slipway", CLOSE, MINUTES) is Stance.SUPPORTS
    assert stance("The Board voted unanimously to close the east slipway", CLOSE, MINUTES) is Stance.REFUTES
    assert stance("The Board adopted the winter dredging plan unanimously", DREDGE, MINUTES) is Stance.SUPPORTS
    assert (
        stance("The Board raised mooring fees by 12 per cent", FEES, MINUTES) is Stance.REFUTES
    )  # the motion was lost
    # its count is the close's, not the plan's: another motion of the meeting is no evidence either way
    assert stance("The Board adopted the winter dredging plan unanimously", CLOSE, MINUTES) is Stance.NEUTRAL
    # without its minutes a motion is a proposal, read as no more than it says
    assert stance("The Board voted unanimously to close the east slipway", CLOSE) is not Stance.REFUTES


def test_a_vote_s_split_is_compared_whatever_the_wording() -> None:
    claim = "the harbour board's vote to close the east slipway in April 2025 passed by six votes to one"
    assert stance(claim, "On 3 April 2025 the harbour board voted 6-1 to close the east slipway.") is Stance.SUPPORTS
    assert stance(claim, "On 3 April 2025 the harbour board voted 5-2 to close the east slipway.") is Stance.REFUTES
    # a split of a vote on something else says nothing of this one
    other = "On 3 April 2025 the harbour board voted 5-2 to adopt the dredging plan for the east slipway."
    assert stance(claim, other) is Stance.NEUTRAL
    unanimous = "The harbour board adopted the dredging plan for the east slipway without any member voting against it"
    assert stance(unanimous, "On 3 April 2025 the harbour board voted 6-1 to close the east slipway.") is Stance.NEUTRAL
    assert stance(unanimous, "The harbour board voted 7-0 to adopt the dredging plan for the east slipway.") is (
        Stance.SUPPORTS
    )


def test_every_act_a_vote_decided_is_one_it_decided() -> None:
    claim = "Orrin Parish Council voted to give a commendation to the walker who found the missing boy"
    sentence = (
        "Orrin Parish Council voted to accept the report, to set a deadline for new fencing, and to award "
        "commendations to the volunteers and to the walker who found the missing boy."
    )
    assert stance(claim, sentence) is Stance.SUPPORTS
    assert stance(claim, "Orrin Parish Council voted to reject the report on the missing boy's search.") is not (
        Stance.SUPPORTS
    )


def test_a_value_named_by_what_someone_else_did_with_it_is_not_what_the_claim_says_was_done() -> None:
    claim = "the insurers paid the full €4.2 million that the Lowmoor Rowing Club claimed for the flood"
    claimed = "The Lowmoor Rowing Club claimed €4.2 million from its insurers for the flood damage."
    assert stance(claim, claimed) is Stance.NEUTRAL
    paid = "The insurers paid the full €4.2 million that the Lowmoor Rowing Club claimed for the flood."
    assert stance(claim, paid) is Stance.SUPPORTS


def test_no_one_hurt_is_not_said_by_people_evacuated() -> None:
    asked = read_question("Were any workers killed when the Tarn Gill culvert collapsed?")
    assert asked.kind is Kind.YES_NO
    assert asked.hypothesis == "Someone was killed when the Tarn Gill culvert collapsed"
    evacuated = "Forty workers were evacuated when the Tarn Gill culvert collapsed."
    assert stance(asked.hypothesis, evacuated) is not Stance.SUPPORTS
    hurt = "Two workers were killed when the Tarn Gill culvert collapsed."
    assert stance(asked.hypothesis, hurt) is Stance.SUPPORTS


def test_a_who_after_a_noun_describes_it_and_leaves_the_question_yes_or_no() -> None:
    asked = read_question("Did Orrin Parish Council vote to give a commendation to the walker who found the boy?")
    assert asked.kind is Kind.YES_NO
    assert asked.hypothesis.startswith("Orrin Parish Council voted to give")
    assert read_question("Did the council say which contractor was at fault?").kind is not Kind.YES_NO


def test_a_date_in_an_apposition_or_an_opening_clause_is_not_the_date_of_the_main_act() -> None:
    fire = (
        "On the evening of 6 May 2021 a fire broke out in the roof of the Corn Exchange, a listed hall opened in 1864."
    )
    assert find_conflict("The fire at the Corn Exchange broke out on 14 May 2021", fire) is not None
    assert stance("The fire at the Corn Exchange broke out on 14 May 2021", fire) is Stance.REFUTES
    appeal = "When the Save the Mill appeal passed its £2 million target in March, we said we hoped to reopen in 2026."
    assert find_conflict("the Save the Mill appeal passed its £2 million target in March 2024", appeal) is None


def test_a_reference_s_date_is_when_its_work_appeared() -> None:
    cited = 'Dale Gazette, "Save the Mill appeal passes its £2m target", 2 April 2024.'
    assert find_conflict("the Save the Mill appeal passed its £2 million target in March 2024", cited) is None
    dated = "The appeal passed its target on 28 March 2024, reaching £2,050,000."
    assert stance("the Save the Mill appeal passed its £2 million target in March 2024", dated) is Stance.SUPPORTS


def test_a_date_naming_a_meeting_is_not_the_date_the_meeting_set() -> None:
    claim = "The trust's board approved moving the opening to 1 June 2026 at its March 2024 meeting"
    motion = "The board approved a new opening date of 1 June 2026, replacing the opening date of 8 December 2025."
    assert find_conflict(claim, motion) is None


COMMITTEE = (
    "ORRIN DISTRICT COUNCIL\nPARKS AND AMENITIES COMMITTEE\n\nMINUTES of the meeting held on 4 June 2024\n\n"
    "AMENDMENT\nMoved by Cllr Pell, seconded by Cllr Hume:\n"
    '"That the grant be reduced to £60,000."\n'
    "Vote on the amendment:\nFor: 2 (Cllrs Pell, Hume)\nAgainst: 5\nThe amendment was LOST.\n\n"
    "SUBSTANTIVE MOTION\nMoved by Cllr Ray, seconded by Cllr Dunn:\n"
    '"That the Committee\n(a) approves a grant of £90,000 to the Orrin Lido Trust towards the new pool roof;\n'
    '(b) recommends the grant to Full Council."\n'
    "Vote on the substantive motion:\nFor: 5\nAgainst: 2 (Cllrs Pell, Hume)\nThe motion was CARRIED.\n"
)
GRANT = (
    'Moved by Cllr Ray, seconded by Cllr Dunn:\n"That the Committee\n(a) approves a grant of £90,000 to the Orrin '
    'Lido Trust towards the new pool roof;\n(b) recommends the grant to Full Council."'
)


def test_a_motion_in_parts_after_its_mover_is_the_decision_of_the_body_its_minutes_are_headed_by() -> None:
    claim = "Orrin District Council's Parks and Amenities Committee approved the £90,000 grant to the Orrin Lido Trust"
    assert stance(claim, GRANT, COMMITTEE) is Stance.SUPPORTS
    assert stance(claim, " ".join(GRANT.split()), COMMITTEE) is Stance.SUPPORTS  # as a claim states it: one line
    assert stance("The Committee voted unanimously to approve the £90,000 grant", GRANT, COMMITTEE) is Stance.REFUTES
    reduced = '"That the grant be reduced to £60,000."'
    assert stance("The grant was reduced to £60,000", reduced, COMMITTEE) is Stance.REFUTES


def test_a_vote_for_one_act_rather_than_another_denies_the_other() -> None:
    claim = "the parish council voted to end its lease with the Orrin Rowing Club"
    kept = (
        "The parish council's vote in May to cut the rent, rather than end the lease with the club altogether, "
        "was called fair by the club's captain."
    )
    assert stance(claim, kept) is Stance.REFUTES
    assert stance(claim, "The parish council voted in May to cut the rent for the Orrin Rowing Club.") is not (
        Stance.REFUTES
    )  # another act on another thing: the lease may have ended too


def test_a_date_naming_the_event_is_said_by_the_page_it_is_read_on() -> None:
    claim = "the March 2022 flood covered 1.4 km of the Orr canal towpath"
    page = "Flooding of the Orr Canal, 9 March 2022\nSUMMARY REPORT\n\nThe water covered 1.4 km of the towpath."
    sentence = "The water covered 1.4 km of the towpath."
    assert stance(claim, sentence, page) is Stance.SUPPORTS
    other = "Flooding of the Orr Canal, 2 June 2019\nSUMMARY REPORT\n\nThe water covered 1.4 km of the towpath."
    assert stance(claim, sentence, other) is not Stance.SUPPORTS  # another flood's page


def test_a_possessive_name_in_a_sentence_is_its_owner_s_thing_not_a_sibling() -> None:
    claim = "Verra Survey Finds Kettle Glacier is Gaining Ice"
    loss = "Verra's Glacier Office reports a trend of more than 2 gigatonnes of ice loss per year at Kettle Glacier."
    assert stance(claim, loss) is not Stance.NEUTRAL  # (the loss is evidence: not another *Verra ...*)


def test_a_word_and_its_negating_prefix_are_opposites() -> None:
    claim = "The audit concluded that awarding the Orrin depot contract without competition was unlawful."
    assert stance(claim, "The award of the Orrin depot contract without competition was lawful.") is Stance.REFUTES
    assert stance(claim, "The award of the Orrin depot contract without competition was unlawful.") is not (
        Stance.REFUTES
    )


def test_a_thing_done_without_what_the_claim_says_it_had_refutes_it() -> None:
    claim = "The Orrin depot repair contract was put out to competitive tender before it was awarded"
    without = "The council awarded the Orrin depot repair contract to Keld Civil without a tender in March."
    assert stance(claim, without) is Stance.REFUTES
    would = "The Orrin depot repair contract would have gone to competitive tender without the flood."
    assert stance(claim, would) is not Stance.REFUTES  # what would have been without a thing: no denial
    dated = "The Orr footbridge collapsed without warning in March 2020."
    assert stance("The Orr footbridge collapsed in March 2020", dated) is Stance.SUPPORTS  # what it lacked is no claim


def test_what_a_claim_ends_by_saying_its_subject_was_must_be_said() -> None:
    claim = "The audit concluded that awarding the Orrin depot contract without competition was unlawful."
    review = (
        "Members voted to appoint an auditor to examine the decision to award the Orrin depot contract without "
        "competition."
    )
    assert stance(claim, review) is not Stance.SUPPORTS


def test_a_report_the_next_sentence_sets_right_with_in_fact_is_denied() -> None:
    notice = (
        "Correction\n\nOur report of 3 May stated that the Orr barge was carrying about 900 tonnes of gravel. "
        "In fact, the barge was carrying 720 tonnes of coal, the inspectors said."
    )
    report = "Our report of 3 May stated that the Orr barge was carrying about 900 tonnes of gravel."
    assert stance("The Orr barge was carrying 900 tonnes of gravel", report, notice) is Stance.REFUTES


def test_a_denial_of_the_cause_refutes_the_claim_that_gives_it() -> None:
    claim = "the Orr barge struck Keld Bridge because its steering gear failed"
    assert stance(claim, "There was no failure of the steering gear.") is Stance.REFUTES
    assert stance(claim, "The steering gear failed as the barge turned.") is not Stance.REFUTES
    assert stance("The Keld mill closed because its pump failed", "The pump did not fail.") is Stance.REFUTES
