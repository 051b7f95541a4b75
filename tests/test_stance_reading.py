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


def test_an_act_said_to_be_done_in_another_place_refutes_the_place_claimed() -> None:
    claim = "the blaze at Pellow Mill began in the boiler house"
    notice = (
        "The inquiry found that the blaze began in the packing shed and was caused by a faulty lamp, and that "
        "the boiler house had been locked all night."
    )
    assert stance(claim, notice, f"Pellow Mill\n\n{notice}") is Stance.REFUTES
    assert stance(claim, "The blaze at Pellow Mill began in the early hours of 3 May.") is not Stance.REFUTES
    assert stance(claim, "The blaze at Pellow Mill began in the boiler house.") is Stance.SUPPORTS


def test_being_able_to_do_a_thing_is_what_could_be_done() -> None:
    asked = "boats were able to reach Skarra Island during the night of the storm"
    assert stance(asked, "Because of the gale, no boat could reach Skarra Island during the night.") is Stance.REFUTES
    assert stance(asked, "Boats were unable to reach Skarra Island during the night of the storm.") is Stance.REFUTES


def test_a_claim_that_nobody_came_to_harm_is_supported_by_a_denial_and_refuted_by_a_death() -> None:
    report = "Finding 4 - Casualties. Three people were injured at Pellow Mill in the fire. No one died."
    claim = "Nobody was killed in the Pellow Mill fire."
    assert stance(claim, "No one died.", report) is Stance.SUPPORTS
    assert stance(claim, "Two workers were killed in the Pellow Mill fire.") is Stance.REFUTES
    assert stance(claim, "The Pellow Mill fire destroyed the roof.") is not Stance.SUPPORTS


def test_a_denial_that_a_kind_of_cause_played_a_part_refutes_a_claim_opening_with_it() -> None:
    claim = "arson at the Orr timber yard caused the warehouse roof to fall in"
    finding = "There is no evidence that arson, vandalism or lightning contributed to the failures."
    assert stance(claim, finding) is Stance.REFUTES


def test_a_no_to_a_wider_question_of_harm_denies_a_harm_among_some_of_them() -> None:
    answer = "No. All 14 crew members of the *Tollan Star* are safe and no one was injured."
    faq = f"## Questions\n\n**Was anyone hurt?**\n{answer}"
    claim = "Someone was injured among the Tollan Star's crew when its deck cargo went over the side"
    assert stance(claim, answer, faq) is Stance.REFUTES


def test_a_figure_claimed_above_a_bound_is_refuted_by_one_below_it() -> None:
    claim = "The auditors' final report put the club's losses above £2 million"
    assert stance(claim, "The auditors' final report, issued in May, put the losses at £1.6 million.") is Stance.REFUTES
    assert stance(claim, "The auditors' final report put the club's losses at £2.3 million.") is Stance.SUPPORTS


def test_a_failure_of_a_thing_to_act_denies_the_act() -> None:
    claim = "The reserve generator started automatically after the mains supply failed"
    denial = (
        "The outage followed the loss of the mains supply, combined with the failure of the reserve generator "
        "to start automatically."
    )
    assert stance(claim, denial) is Stance.REFUTES


def test_what_a_claim_says_happened_after_another_thing_is_not_said_by_that_thing_alone() -> None:
    claim = "The reserve generator started automatically after feed pump No. 3 tripped"
    assert stance(claim, "At 04:10 on 2 May the duty feed pump (No. 3) tripped.") is not Stance.SUPPORTS


def test_whom_a_thing_was_passed_to_must_be_said_for_support() -> None:
    claim = "the Orr choir's concert hall in Keld was sold to a housing association as part of the rescue deal"
    season = "KELD, 2 May 2024 — The Orr choir opened its first season under the rescue deal with a sold-out concert."
    assert stance(claim, season) is not Stance.SUPPORTS
    sold = "As part of the rescue deal the Orr choir's concert hall in Keld was sold to a housing association."
    assert stance(claim, sold) is Stance.SUPPORTS


def test_the_way_a_figure_was_revised_is_read_from_the_figure_it_replaced() -> None:
    claim = "Orr Shipping later revised its first announced number of lost crates upwards."
    now = "Orr Shipping now says that 71 crates went over the side on 3-4 March, not the 52 it announced on the day."
    assert stance(claim, now) is Stance.SUPPORTS
    down = "Orr Shipping now says that 38 crates went over the side on 3-4 March, not the 52 it announced on the day."
    assert stance(claim, down) is Stance.REFUTES


def test_a_cause_is_claimed_only_by_a_sentence_saying_what_it_caused_and_denied_by_dismissing_its_part() -> None:
    claim = "the Orr choir folded mainly because its music director was paid around £300,000 a year"
    assert stance(claim, "The music director of the Orr choir was paid around £300,000 a year.") is not Stance.SUPPORTS
    review = "It rejected suggestions that the music director's pay had played any meaningful part."
    assert stance(claim, review, f"The review found the choir folded because of its pension deficit. {review}") is (
        Stance.REFUTES
    )


def test_a_described_subject_must_be_named_by_its_noun_for_support() -> None:
    claim = "the alarm covering the museum's east wing was working on the night the vase was taken"
    taken = "Two items were taken from a case in the museum's east wing on the night of 3-4 May 2021."
    assert stance(claim, taken) is not Stance.SUPPORTS
    assert stance(claim, "The alarm covering the museum's east wing was working on the night the vase was taken.") is (
        Stance.SUPPORTS
    )


def test_suggestions_said_where_they_were_made_at_length_and_called_groundless_are_denied() -> None:
    claim = "the Orr Star lost its cargo because it struck the Keld Reef off Sallow Point"
    finding = (
        "Suggestions in the press and on social media that the vessel struck the Keld Reef are without foundation."
    )
    assert stance(claim, finding) is Stance.REFUTES


def test_a_unanimous_resolution_to_do_another_thing_says_nothing_of_the_vote_claimed() -> None:
    claim = "The Keld board voted unanimously to void the 3 May audition round"
    review = (
        "On 5 May 2024 the Keld board resolved unanimously to commission a review of the audition round, which was "
        "later declared void."
    )
    assert stance(claim, review) is not Stance.SUPPORTS
    split = "An emergency meeting of the Keld board on 5 May 2024 voted by 9 to 2 to declare the audition round void."
    assert stance(claim, split) is Stance.REFUTES


def test_a_claim_that_a_thing_caused_a_dated_event_needs_the_cause_said() -> None:
    claim = "high winds caused the Orr cable car to stop on 3 March 2024"
    dated = "KELD, 5 March 2024 — The operator said 40 guests were on the Orr cable car when it stopped on 3 March."
    assert stance(claim, dated) is not Stance.SUPPORTS


def test_a_cause_opening_a_claim_is_denied_when_no_evidence_of_it_was_found() -> None:
    claim = "a lightning strike caused the Orr turbine's blade to break apart"
    assert stance(claim, "The Panel found no evidence of a lightning strike.") is Stance.REFUTES


def test_claims_dismissed_as_to_blame_or_called_not_correct_refute_the_cause_they_give() -> None:
    bloom = "the Keld algae bloom was triggered by a sewage overflow from the Orr wastewater treatment works"
    dismissed = (
        "The panel also dismissed claims, popular online, that sewage from Orr Wastewater Treatment Works was to blame."
    )
    assert stance(bloom, dismissed) is Stance.REFUTES
    claim = "Orrway withdrew from the Keld bus contract because the council had stopped paying its invoices"
    untrue = "Claims circulating on social media that the council stopped paying Orrway in spring 2023 are not correct."
    assert stance(claim, untrue) is Stance.REFUTES


def test_popular_accounts_not_supported_by_the_findings_are_denied() -> None:
    claim = "the burglars got into the Keld museum by climbing down through a skylight"
    accounts = (
        "Popular accounts that the burglars entered through a skylight are not supported by the police "
        "investigation, which found the skylight intact."
    )
    assert stance(claim, accounts) is Stance.REFUTES


def test_a_fact_boxs_line_is_read_of_the_box_title_with_its_label_as_the_values_word() -> None:
    box = (
        "Ferry returns to service\n\nThe crossing reopened on Monday after four months of repairs.\n\n"
        "FACTS: MV Keld Star\nOperator: Orr Fjord Lines\nBuilt: 2001, Sallow Yard\nLength: 78.4 metres\n"
    )
    assert stance("MV Keld Star was built in 1998.", "Built: 2001, Sallow Yard", box) is Stance.REFUTES
    assert stance("MV Keld Star was built in 2001.", "Built: 2001, Sallow Yard", box) is Stance.SUPPORTS


def test_another_figure_for_what_the_claim_counts_refutes_it_where_the_page_names_the_subject() -> None:
    minutes = (
        "ORR DISTRICT COUNCIL\nTRANSPORT COMMITTEE\n\n5. Keld harbour bridge closure\n"
        "5.3 The clerk reported a letter from Orr Buses stating that 8,200 travellers were affected.\n"
    )
    letter = "5.3 The clerk reported a letter from Orr Buses stating that 8,200 travellers were affected."
    claim = "about 5,100 travellers were affected by the Keld harbour bridge closure."
    assert stance(claim, letter, minutes) is Stance.REFUTES
    assert stance(claim, letter) is not Stance.REFUTES  # the sentence alone is not about the closure
    release = (
        "Orr Chemicals: notice\n\nOur own gauges show that no more than 9,000 litres of foam reached the Keld river."
    )
    spill = "Around 40,000 litres of foam flowed into the Keld river."
    assert stance(spill, release.splitlines()[-1], release) is Stance.REFUTES


def test_a_figure_of_the_same_kind_said_of_something_else_on_the_page_is_no_rival() -> None:
    page = (
        "Keld hospital outage\n\nFourteen patients were moved to Orr General during the Keld hospital outage.\n"
        "The review found that three patients suffered minor harm from delayed results.\n"
        "The hospital treated 41,000 patients in 2023."
    )
    claim = "14 patients were moved from Keld hospital to Orr General during the outage."
    assert stance(claim, "The review found that three patients suffered minor harm from delayed results.", page) in (
        Stance.NEUTRAL,
        None,
    )
    assert stance(claim, "The hospital treated 41,000 patients in 2023.", page) is not Stance.REFUTES
    routes = "31 of the 52 Orr bus routes were suspended during the strike."
    fined = "Keld Metals was fined £6,000 for paying cash for scrap and failing to check the seller's identity."
    paid = "Keld Metals paid the seller £3,150 in cash for the stolen bells."
    assert stance(paid, fined, f"Keld bells theft\n\n{fined}") is not Stance.REFUTES
    strike = "Orr bus strike\n\nThe company said 31 routes were cut."
    assert stance(routes, "The company said 31 routes were cut.", strike) is not Stance.REFUTES


def test_a_bodys_decision_is_the_same_act_whether_its_record_says_agreed_or_voted() -> None:
    claim = "The Orr council's finance committee agreed to set up a relief fund for the families affected by the flood"
    record = (
        "Orr District Council's finance committee met on 3 May and voted to set up a £90,000 relief fund for the "
        "families of those who lost their homes."
    )
    assert stance(claim, record) is Stance.SUPPORTS


def test_reports_no_one_stands_behind_take_no_side() -> None:
    claim = "the fire on the Keld ferry had been put out before it reached the quay"
    assert (
        stance(claim, "Some reports have said that the fire on the Keld ferry was out before it reached the quay.")
        is None
    )
    assert (
        stance(claim, "There were reports that the fire on the Keld ferry was out before it reached the quay.") is None
    )


def test_a_name_called_by_its_last_word_on_a_page_that_writes_it_once_is_named() -> None:
    page = (
        "Keld chemist suspended\n\nOrrvale University has opened an inquiry into its chemistry department.\n"
        "Dr Ilse Marren, who has led the university's polymer group since 2011, was suspended on 4 May 2024, "
        "according to an internal email."
    )
    sentence = page.split("\n")[-1]
    claim = "Ilse Marren was suspended by Orrvale University in May 2024."
    assert stance(claim, sentence, page) is Stance.SUPPORTS
    two = page.replace("an inquiry", "an inquiry with Keld University")
    assert stance(claim, sentence, two) is not Stance.SUPPORTS  # which university: the page names two


def test_claims_said_to_have_circulated_then_rejected_are_denied() -> None:
    page = (
        "Keld mast collapse\n\nThe radio mast at Keld fell on 3 March 2024. In the weeks after the collapse, claims "
        "circulated on social media and in some forums that the mast had been brought down by high winds. These "
        "claims were rejected by the inquiry, whose weather data showed calm conditions."
    )
    spread = (
        "In the weeks after the collapse, claims circulated on social media and in some forums that the mast "
        "had been brought down by high winds."
    )
    assert stance("the Keld radio mast was brought down by gale-force winds", spread, page) is Stance.REFUTES


def test_a_cause_traced_to_a_thing_is_denied_where_the_thing_never_was_on_that_occasion() -> None:
    claim = "the Keld outbreak was traced to mussels served at the mayor's banquet on 2 June"
    denial = "No mussels or other shellfish were served at any point, including at the mayor's banquet on 2 June."
    assert stance(claim, denial) is Stance.REFUTES
    assert stance(claim, "No mussels were served at the school lunch.") is not Stance.REFUTES  # another occasion
    assert stance(claim, "The Keld outbreak was traced to mussels served at the mayor's banquet on 2 June.") is (
        Stance.SUPPORTS
    )


def test_a_change_or_a_rate_is_no_rival_of_a_level_or_another_rate() -> None:
    levy = "Orr fuel levy\n\nThe levy rose each year until 2012, reaching a final price of 4.1 cents per litre."
    claim = "Orr's fuel levy will raise petrol prices by 9 cents per litre."
    assert stance(claim, levy.splitlines()[-1], levy) is not Stance.REFUTES
    sinks = "Orr carbon sinks\n\nIt is estimated that Orr forests absorb 10 tons of carbon per hectare each year."
    marsh = "The Orr marsh absorbs about 2 million tons of carbon per year."
    assert stance(marsh, sinks.splitlines()[-1], sinks) is not Stance.REFUTES


def test_a_possible_figure_is_no_rival() -> None:
    page = "Orr lake levels\n\nThe current depth may be the highest in the last 2,000 years."
    claim = "Current Orr lake levels are the highest in 1,500 years."
    assert stance(claim, page.splitlines()[-1], page) is not Stance.REFUTES


def test_a_motions_fate_is_read_from_the_line_that_tells_it_not_from_the_debate() -> None:
    minutes = (
        "ORBY TOWN COUNCIL\nMinutes of 3 May 2024\n\n12/04  MOTION 1 - FLOOD REVIEW\n"
        "Proposed by Cllr Lune, seconded by Cllr Marsh:\n"
        '"That this Council calls on the county to commission an independent review of the Orby flood."\n\n'
        "Cllr Brand said a review would cause delay. Cllr Hale agreed.\n\n"
        "On being put to the vote: 7 for, 3 against, 0 abstentions.\nRESOLVED: Motion 1 CARRIED.\n"
    )
    motion = minutes.split("\n\n")[1].split("\n", 1)[1]  # the proposer's line and the motion
    unanimous = "Orby Town Council voted unanimously to call for an independent review of the Orby flood"
    assert stance(unanimous, motion, minutes) is Stance.REFUTES


def test_a_motion_after_its_proposer_and_seconder_labels_is_read_with_its_vote() -> None:
    minutes = (
        "ORBY HEALTH TRUST\nBoard minutes, 4 June 2024\n\nMOTION 5.1 - Independent review\n"
        "Proposed: Ada Lune   Seconded: Ben Marsh\n"
        '"That the Board commission an independent review of the Orby records outage."\n\n'
        "Vote: For 9, Against 1 (C. Brand), Abstentions 0.\nCARRIED.\n"
    )
    statement = " ".join(minutes.split("\n\n")[1].split("\n", 1)[1].split())  # its lines as one
    unanimous = (
        "The Orby Health Trust board voted unanimously to commission the independent review of the records outage"
    )
    assert stance(unanimous, statement, minutes) is Stance.REFUTES


def test_a_motion_named_by_its_act_is_checked_against_that_motions_vote() -> None:
    minutes = (
        "ORBY DISTRICT COUNCIL\nMinutes, 2 March 2024\n\nMotion 1 - Major incident\n"
        'Moved Cllr Lune, seconded Cllr Marsh: "That the Council declares a major incident in respect of the '
        'flooding of the Orby valley."\nVOTE: For 14, Against 2 (Cllrs Brand, Hale), Abstentions 0.\nCARRIED.\n'
    )
    motion = minutes.split("\n\n")[1].split("\n", 1)[1].split("\nVOTE")[0]
    claim = "the district council's motion to declare a major incident after the flooding was passed unanimously."
    assert stance(claim, motion, minutes) is Stance.REFUTES


def test_a_vote_against_an_act_is_checked_against_that_acts_motion() -> None:
    minutes = (
        "ORBY HEALTH TRUST\nBoard minutes, 4 June 2024\n\n4. MOTIONS\n\n"
        "4.1 MOTION 1: That the board accepts in full all 9 recommendations of the Orby review.\n"
        "Proposed: Ada Lune. Seconded: Ben Marsh.\nVote: For 9, Against 0, Abstain 1 (C. Brand).\nCARRIED.\n"
    )
    motion = "4.1 MOTION 1: That the board accepts in full all 9 recommendations of the Orby review."
    assert stance("Someone voted against accepting the Orby review's recommendations", motion, minutes) is (
        Stance.REFUTES
    )


def test_a_report_called_untrue_by_its_adjective_is_denied() -> None:
    claim = "the Orby rider's positive sample was collected after the final stage in Keld"
    forum = (
        "On fan forums a persistent but incorrect claim held that the Orby rider's sample had been collected "
        "after the final stage in Keld."
    )
    assert stance(claim, forum) is Stance.REFUTES
    assert stance(
        claim, "The false story that the rider's sample was taken after the final stage in Keld spread online."
    ) is (Stance.REFUTES)


def test_a_lost_motion_opening_with_an_adverb_is_read_as_its_act_not_done() -> None:
    minutes = (
        "ORBY TOWN COUNCIL\nMinutes, 9 May 2024\n\nMOTION 2\nMoved: Cllr Lune. Seconded: Cllr Marsh.\n"
        '"That the Council formally requests that the county repair the Orby bridge."\n'
        "For: Lune, Marsh, Hale (3)\nAgainst: Brand, Pell, Orr, Keld, Vane, Mayor Ash (6)\nMOTION 2 LOST 3-6.\n"
    )
    motion = '"That the Council formally requests that the county repair the Orby bridge."'
    claim = "Orby Town Council voted to request that the county repair the Orby bridge"
    assert stance(claim, motion, minutes) is Stance.REFUTES


def test_a_name_in_an_opening_time_clause_is_no_side_of_the_relation_claimed() -> None:
    claim = "after Brand was disqualified, Ada Lune was declared the winner of the 2023 Tour of Orby."
    assert stance(claim, "Ada Lune (Team Keld) is declared the winner of the 2023 Tour of Orby.") is Stance.SUPPORTS


def test_a_fault_claimed_is_denied_by_the_thing_working_normally() -> None:
    claim = "The inspectors found a defect in the Orby lift's brakes or its motor"
    assert (
        stance(claim, "The inspectors found that the Orby lift's brakes and motor worked normally.") is Stance.REFUTES
    )
    assert stance(claim, "The inspectors found a defect in the Orby lift's brakes.") is not Stance.REFUTES


def test_a_figure_denied_as_misreported_refutes_a_claim_stating_it() -> None:
    claim = "eight people ended up in hospital after the Orby crane collapse"
    told = (
        "Six people were treated in hospital after the Orby crane collapse, not eight as was reported by some outlets."
    )
    assert stance(claim, told) is Stance.REFUTES
    assert stance(claim.replace("eight", "six"), told) is Stance.SUPPORTS


def test_a_report_without_that_set_right_by_the_next_sentence_is_denied() -> None:
    page = (
        "Corrections\n\nCorrection: Our report on Wednesday said eight people were taken to hospital after the "
        "Orby crane collapse. The correct figure is six. We apologise for the error."
    )
    report = (
        "Correction: Our report on Wednesday said eight people were taken to hospital after the Orby crane collapse."
    )
    assert stance("eight people were taken to hospital after the Orby crane collapse", report, page) is Stance.REFUTES


def test_a_span_of_time_or_a_figure_the_claim_denies_is_no_rival_on_the_page() -> None:
    page = "Orr climate\n\nMost of the warming of Orr lake over the last 50 years is likely caused by farm run-off."
    claim = "The warming of Orr lake over the last 14 years is likely a seasonal event."
    assert stance(claim, page.splitlines()[-1], page) is not Stance.REFUTES
    gases = "Orr lake chemistry\n\nVolcanic gases raised the CO2 in Orr lake to levels as high as 3500 ppm."
    denied = "There is no evidence that CO2 levels in Orr lake as high as 7,000 ppm did harm the fish."
    assert stance(denied, gases.splitlines()[-1], gases) is not Stance.REFUTES


def test_a_motion_s_fate_told_after_it_refutes_the_other_fate_claimed() -> None:
    minutes = (
        "KELD TOWN COUNCIL\nMinutes, 6 March 2024\n\nMotion 3 - Pool\nProposed: Cllr Aske. Seconded: Cllr Bray.\n"
        '"That this council has no confidence in the pool trust and asks its board to stand aside."\n'
        "Cllr Aske said the trust had failed.\nFor 3. Against 6. Abstentions 0.\nThe motion FELL.\n"
    )
    motion = '"That this council has no confidence in the pool trust and asks its board to stand aside."'
    assert stance("Keld Town Council passed the motion of no confidence in the pool trust", motion, minutes) is (
        Stance.REFUTES
    )
    carried = minutes.replace("The motion FELL.", "CARRIED.")
    claim = "the motion of no confidence in the pool trust was defeated"
    assert stance(claim, motion, carried) is Stance.REFUTES


def test_an_amendment_s_fate_is_not_its_motion_s() -> None:
    minutes = (
        "KELD BOROUGH COUNCIL\nHarbour Committee, 2 November 2023\n\nMOTION 2 - HARDSHIP FUND\n"
        '"That the council establishes a hardship fund of £90,000 for the families of the crew."\n\n'
        "2.1 AMENDMENT moved by Cllr Hobbs to reduce the fund to £50,000.\n"
        "Vote on amendment: FOR 2, AGAINST 9. LOST.\n\n"
        "Vote on substantive motion: FOR 11, AGAINST 0.\nCARRIED UNANIMOUSLY.\n"
    )
    motion = '"That the council establishes a hardship fund of £90,000 for the families of the crew."'
    claim = "The Keld Borough Council agreed to create a hardship fund for the families of the crew"
    assert stance(claim, motion, minutes) is not Stance.REFUTES


def test_of_two_votes_in_a_sentence_the_one_on_the_act_claimed_is_compared() -> None:
    said = (
        "On 3 May the Keld Rivers Committee voted 8-3, with one abstention, to call for an independent review, "
        "and voted unanimously to ask Orrby Power to fund monitoring below the outfall."
    )
    claim = "the Keld Rivers Committee voted unanimously in favour of calling for an independent review"
    assert stance(claim, said) is Stance.REFUTES
    assert stance("the Keld Rivers Committee voted unanimously to ask Orrby Power to fund monitoring", said) is (
        Stance.SUPPORTS
    )
