/// The availability screen of onboarding: add and remove weekly time slots, without JavaScript.
extension Templates {
    /// Rendered inside the onboarding form. "Add" is the form's first submit button, so Enter in a field adds
    /// the slot rather than removing one.
    static let availability = """
        <p class="lead">When can you usually train? Add the time slots your coach should plan around, or skip this if your week varies.</p>
        <fieldset class="card stack"><legend>Add a time slot</legend>
        <label for="slot_day">Day</label>
        <select id="slot_day" name="slot_day" data-testid="onboarding.availability.day"{{#dayInvalid}} aria-invalid="true" aria-describedby="slot-errors"{{/dayInvalid}}>
        <option value="">Choose a day</option>
        {{#days}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/days}}
        </select>
        <div class="times">
        <div><label for="slot_start">From</label><input id="slot_start" name="slot_start" type="time" value="{{slotStart}}" data-testid="onboarding.availability.start"{{#startInvalid}} aria-invalid="true" aria-describedby="slot-errors"{{/startInvalid}}></div>
        <div><label for="slot_end">Until</label><input id="slot_end" name="slot_end" type="time" value="{{slotEnd}}" data-testid="onboarding.availability.end"{{#endInvalid}} aria-invalid="true" aria-describedby="slot-errors"{{/endInvalid}}></div>
        </div>
        {{#hasSlotErrors}}<div class="field-error" id="slot-errors" role="alert" data-testid="onboarding.availability.error">{{#slotErrors}}<p>{{.}}</p>{{/slotErrors}}</div>{{/hasSlotErrors}}
        <button type="submit" name="action" value="add_block" data-testid="onboarding.availability.add">Add time slot</button>
        </fieldset>
        <section class="stack" aria-labelledby="slots"><h2 id="slots">Your time slots</h2>
        {{#hasBlocks}}<ul class="slots" data-testid="onboarding.availability.list">{{#blocks}}<li data-testid="onboarding.availability.block"><span>{{label}}</span>
        <button type="submit" name="remove" value="{{id}}" class="secondary" aria-label="Remove {{label}}" data-testid="onboarding.availability.remove">Remove</button></li>{{/blocks}}</ul>{{/hasBlocks}}
        {{^hasBlocks}}<p class="hint" data-testid="onboarding.availability.empty">No time slots yet. Your coach will ask when it needs to know.</p>{{/hasBlocks}}
        </section>
        """
}
